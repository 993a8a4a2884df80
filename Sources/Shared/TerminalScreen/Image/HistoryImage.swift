// A screen's scrollback as a snapshot encodes it (ImageWriter.historyLine), kept between snapshots.
// Each scrollback line's bytes depend on its cells alone (it starts and ends with the default pen),
// and lines never change once pushed, so each is encoded once, by the first image taken after it
// was pushed: a server that saves or sends a pane's image with 2,000 lines of history encodes the
// lines pushed since the last time, not all 2,000
// (`TerminalScreen.encodedImage(historyLimit:history:)`).
//
// Not Sendable, like the screen it follows; the same owner uses both.

/// The encoded scrollback of one screen, kept current at the cost of what changed.
public final class HistoryImage {
    /// Encoded scrollback lines; the first `dropped` are lines the screen no longer keeps.
    private var lines: [[UInt8]] = []
    private var dropped = 0
    private var follower = ScrollbackFollower()

    /// An empty copy; `update(from:)` fills it.
    public init() {}

    /// Scrollback lines held.
    public var count: Int { lines.count - dropped }

    /// Brings the copy up to date with `screen`, encoding only lines it has not seen.
    public func update(from screen: TerminalScreen) {
        let kept = screen.scrollbackCount
        if let fresh = follower.freshLines(of: screen) {
            for index in (kept - fresh)..<kept { lines.append(Self.encode(screen.scrollbackLine(index), screen)) }
        } else {
            lines = (0..<kept).map { Self.encode(screen.scrollbackLine($0), screen) }
        }
        dropped = lines.count - kept
        if dropped > 1024, dropped * 2 > lines.count {
            lines.removeFirst(dropped)
            dropped = 0
        }
        follower.caughtUp(with: screen)
    }

    /// The newest `limit` lines, oldest first.
    public func newest(_ limit: Int) -> ArraySlice<[UInt8]> {
        lines.suffix(max(0, min(limit, count)))
    }

    private static func encode(_ line: [Cell], _ screen: TerminalScreen) -> [UInt8] {
        ImageWriter.historyLine(TerminalScreen.trimmed(TerminalScreen.canonical(line)), cols: screen.cols)
    }
}

extension TerminalScreen {
    /// The bytes of `image(historyLimit:)`'s `encoded()`, with the scrollback lines taken from
    /// `history` (brought up to date first), and how many history lines they hold.
    public func encodedImage(historyLimit: Int = .max, history: HistoryImage) -> (bytes: [UInt8], historyRows: Int) {
        history.update(from: self)
        let lines = history.newest(historyLimit)
        return (image(historyLimit: 0).encoded(historyLines: lines), lines.count)
    }
}
