// A seed from tmux's captures completed from an earlier image of the pane: rows the capture
// agrees with keep what it cannot carry (an erase's background past the last character); rows it
// contradicts are taken from the capture; the pen, character sets and cursor save come from the
// earlier image only when no row changed.
import TerminalScreen
import Testing

@testable import ServerCore

@Suite struct PaneSeedMergeTests {
    /// The image of a 3×12 screen fed `bytes`.
    private func image(_ bytes: String) -> ScreenImage {
        let screen = TerminalScreen(rows: 3, cols: 12)
        screen.feed(bytes)
        return screen.image()
    }

    private let drawn = "\u{1B}[44mblue\u{1B}[K\u{1B}[0m\r\nplain\r\n\u{1B}(0\u{1B}[1;31m"

    /// What a capture of `drawn` gives: the text and styles, but not the erase's background.
    private let captured = "\u{1B}[44mblue\u{1B}[0m\r\nplain\r\n"

    @Test func agreeingRowsKeepTheErasedBackgroundAndTheState() {
        let merged = PaneSeedMerge.merge(captured: image(captured), earlier: image(drawn))
        #expect(merged.screen[0][11].bg == .indexed(4), "past the last character")
        #expect(merged.pen == CellStyle(attrs: .bold, fg: .indexed(1)))
        #expect(merged.modes.g0 == UInt8(ascii: "0"))
        #expect(image(captured).screen[0][11].bg == .default, "the capture alone has no background there")
    }

    @Test func aRowTheCaptureContradictsIsTakenFromTheCapture() {
        let changed = "\u{1B}[44mblue\u{1B}[0m\r\nother\r\n"
        let merged = PaneSeedMerge.merge(captured: image(changed), earlier: image(drawn))
        #expect(merged.screen[0][11].bg == .indexed(4))
        #expect(TerminalScreen.text(of: merged.screen[1]).hasPrefix("other"))
        #expect(merged.pen == CellStyle(), "something changed: the earlier pen is not trusted")
        #expect(merged.modes.g0 == 0)
    }

    @Test func textWhereTheCaptureHasNoneIsAContradiction() {
        let earlier = image("\u{1B}[44mblue\u{1B}[K\u{1B}[0m  stale")
        let merged = PaneSeedMerge.merge(captured: image(captured), earlier: earlier)
        #expect(TerminalScreen.text(of: merged.screen[0]).trimmingCharacters(in: .whitespaces) == "blue")
        #expect(merged.screen[0][11].bg == .default)
    }

    @Test func anotherSizeIsIgnored() {
        let other = TerminalScreen(rows: 4, cols: 12)
        other.feed(drawn)
        let merged = PaneSeedMerge.merge(captured: image(captured), earlier: other.image())
        #expect(merged == image(captured))
    }
}
