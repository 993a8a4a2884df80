// The newest scrollback lines of one TerminalScreen as capture text (CaptureText), kept between
// reads. A read that may be published reaches `captureLines` (100) lines into a pane's history
// every few seconds; lines never change once pushed, so only the lines pushed since the last read
// are converted, and only as many of them as the read wants (a flood pushes thousands between two
// reads, of which the read keeps the newest hundred).
//
// Not Sendable: it lives in a PaneMirror, under PaneStreams' lock.
import TerminalScreen

/// The newest scrollback lines of a screen as capture text, converted once each.
final class ScrollbackCaptureText {
    /// The newest lines as of the last read, oldest first.
    private var lines: [String] = []
    private var follower = ScrollbackFollower()
    /// Lines converted since this was made (tests and measurements).
    private(set) var linesConverted = 0

    /// The newest `wanted` scrollback lines of `screen` (all of them when it keeps fewer), oldest
    /// first, the same as `CaptureText.line` of each. A read that wants none (the reads between
    /// two that may be published) leaves the kept lines as they are.
    func newest(_ wanted: Int, of screen: TerminalScreen) -> [String] {
        guard wanted > 0 else { return [] }
        let kept = screen.scrollbackCount
        let want = min(wanted, kept)
        let seen = follower.freshLines(of: screen)
        let fresh = min(seen ?? kept, want)
        let reused = seen == nil ? 0 : min(lines.count, want - fresh)
        let older = want - fresh - reused
        lines =
            convert(kept - want..<kept - want + older, of: screen) + lines.suffix(reused)
            + convert(kept - fresh..<kept, of: screen)
        follower.caughtUp(with: screen)
        return lines
    }

    private func convert(_ range: Range<Int>, of screen: TerminalScreen) -> [String] {
        linesConverted += range.count
        return range.map { CaptureText.line(screen.scrollbackLine($0)) }
    }
}
