// What a reader that converts each scrollback line once (HistoryText, HistoryImage, the server's
// capture text of a pane's history) has not seen of a screen's scrollback: lines are never changed
// once pushed, so only the newest ones are new to it, unless the screen is another one or took
// pushed lines back (`scrollbackVersion`).

/// Follows one screen's scrollback for a reader that keeps a converted copy of it.
public struct ScrollbackFollower {
    /// The screen followed: another one is read afresh, since its counters say nothing about what
    /// the reader holds.
    public private(set) weak var source: TerminalScreen?
    private var version: (pushed: Int, epoch: Int) = (0, -1)

    /// A follower that has seen nothing.
    public init() {}

    /// The newest lines of `screen` the reader has not seen, or nil when it must read every kept
    /// line afresh: another screen, lines taken back or cleared, or more new lines than are kept.
    public func freshLines(of screen: TerminalScreen) -> Int? {
        let now = screen.scrollbackVersion
        let fresh = now.pushed - version.pushed
        guard source === screen, now.epoch == version.epoch, fresh >= 0, fresh <= screen.scrollbackCount else {
            return nil
        }
        return fresh
    }

    /// The reader now holds every line `screen` keeps.
    public mutating func caughtUp(with screen: TerminalScreen) {
        source = screen
        version = screen.scrollbackVersion
    }
}
