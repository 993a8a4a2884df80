// HistoryImage, the encoded scrollback a server keeps per watched pane: a snapshot built with it
// is byte for byte the one built from the whole image (`image(historyLimit:).encoded()`), after
// any run of output, through a scrollback that drops its oldest lines, lines taken back by a
// resize, a hard reset, and another screen given to the same copy; and only new lines are
// encoded again.

import Testing

@testable import TerminalScreen

@Suite("History image")
struct HistoryImageTests {
    @Test func aSnapshotFromTheCopyIsTheWholeImagesBytes() {
        let screen = makeScreen(rows: 6, cols: 40, Self.styled(from: 0, count: 30))
        let history = HistoryImage()
        for limit in [0, 1, 5, 24, 1_000] { expectSame(screen, history, limit: limit) }
        #expect(history.count == screen.scrollbackCount)
    }

    @Test func outputFedBetweenSnapshotsIsEncodedOnceAndTheBytesStayTheSame() {
        let screen = TerminalScreen(rows: 5, cols: 50, scrollbackLimit: 60)
        let history = HistoryImage()
        feedInSteps(screen, Self.styled(from:count:)) {
            expectSame(screen, history, limit: .max)
            expectSame(screen, history, limit: 17)
            #expect(history.count == screen.scrollbackCount)
        }
        #expect(screen.scrollbackCount == 60)
    }

    @Test func linesAlreadyEncodedAreNotEncodedAgain() {
        let screen = makeScreen(rows: 4, cols: 30, Self.styled(from: 0, count: 40))
        let history = HistoryImage()
        history.update(from: screen)
        let before = history.newest(.max)
        screen.feed(Self.styled(from: 40, count: 3))
        history.update(from: screen)
        let after = history.newest(.max)
        #expect(after.count == before.count + 3)
        // The copy's old lines are the very buffers it had (not encoded again): same storage.
        let same = zip(before, after.prefix(before.count)).allSatisfy { old, new in
            old.withUnsafeBufferPointer { a in new.withUnsafeBufferPointer { a.baseAddress == $0.baseAddress } }
        }
        #expect(same)
    }

    @Test func aResizeThatPullsLinesBackOrAHardResetIsReadAfresh() {
        let screen = makeScreen(rows: 3, cols: 30, Self.styled(from: 0, count: 20))
        let history = HistoryImage()
        expectSame(screen, history, limit: .max)
        screen.resize(rows: 8, cols: 30)
        expectSame(screen, history, limit: .max)
        screen.feed(Self.styled(from: 20, count: 12))
        expectSame(screen, history, limit: .max)
        screen.reset(hard: true)
        expectSame(screen, history, limit: .max)
        #expect(history.count == 0)
        screen.feed(Self.styled(from: 32, count: 9))
        expectSame(screen, history, limit: .max)
    }

    @Test func anotherScreenIsReadAfresh() {
        let history = HistoryImage()
        let first = makeScreen(rows: 4, cols: 30, Self.styled(from: 0, count: 20))
        expectSame(first, history, limit: .max)
        // Same counters, other lines: only the screen's identity tells them apart.
        let second = makeScreen(rows: 4, cols: 30, Self.styled(from: 100, count: 20))
        expectSame(second, history, limit: .max)
    }

    private func expectSame(
        _ screen: TerminalScreen, _ history: HistoryImage, limit: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let expected = screen.image(historyLimit: limit).encoded()
        let built = screen.encodedImage(historyLimit: limit, history: history)
        // As text, so that a difference reads as escape sequences rather than as numbers.
        #expect(
            String(decoding: built.bytes, as: UTF8.self) == String(decoding: expected, as: UTF8.self),
            sourceLocation: sourceLocation)
        #expect(built.historyRows == min(limit, screen.scrollbackCount), sourceLocation: sourceLocation)
    }

    /// Numbered lines in colours, with erased backgrounds, bold runs and a wide character: lines
    /// whose encoding sets and resets the pen.
    static func styled(from start: Int, count: Int) -> String {
        (start..<start + count).map { n in
            switch n % 4 {
            case 0: "\u{1B}[3\(n % 8)m#\(n) plain then coloured\u{1B}[0m"
            case 1: "\u{1B}[44m#\(n) blue to the end\u{1B}[K\u{1B}[0m"
            case 2: "#\(n) \u{1B}[1mbold 漢字\u{1B}[22m and \u{1B}[38;2;215;119;87mtruecolor"
            default: "#\(n) ends in a colour that carries\u{1B}[35m"
            }
        }.joined(separator: "\r\n") + "\u{1B}[0m\r\n"
    }
}
