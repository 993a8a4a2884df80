// When the user last looked at each session, for rewind's `'` ("what did it do while I was
// away?"): a session is looked at while it is on screen (a tile of the wall, the attached
// session, a find result), and the look ends when it leaves the screen or claudepm quits. A look
// still going on does not count: `'` goes to the end of the one before. Saved per server at quit
// (SnapshotCache) and loaded at the next start, so it spans runs of claudepm.
import Foundation

/// The end of the last look at each session.
public struct LookedState: Equatable, Sendable {
    /// When each session last left the screen.
    public private(set) var last: [SessionKey: Date] = [:]
    /// The sessions on screen now.
    public private(set) var inView: Set<SessionKey> = []
    /// How long a look is kept: no journal goes back further by default.
    public static let kept: TimeInterval = 7 * 24 * 3600

    /// Nothing looked at yet.
    public init() {}

    /// The sessions on screen are now `shown`: those that left it were last looked at `date`.
    mutating func update(shown: Set<SessionKey>, at date: Date) {
        guard shown != inView else { return }
        for key in inView.subtracting(shown) { last[key] = date }
        inView = shown
    }

    /// Takes looks saved by an earlier run (a newer one known here wins).
    mutating func merge(_ saved: [SessionKey: Date]) {
        for (key, date) in saved where last[key].map({ $0 < date }) ?? true { last[key] = date }
    }

    /// What to save when claudepm quits at `date`: every look, those on screen ending now, none
    /// older than `kept`.
    public func saved(at date: Date) -> [SessionKey: Date] {
        var all = last
        for key in inView { all[key] = date }
        return all.filter { date.timeIntervalSince($0.value) < Self.kept }
    }
}
