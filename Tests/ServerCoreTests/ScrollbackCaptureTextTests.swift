// The newest scrollback lines as capture text, kept between the waiting detector's reads: each
// read gives what converting every wanted line gives, through output of any length, a scrollback
// that drops its oldest lines, reads that want more or fewer lines, a resize that pulls lines
// back and another screen; and a read converts only the lines pushed since the last one.
import TerminalScreen
import Testing

@testable import ServerCore

@Suite("Scrollback capture text")
struct ScrollbackCaptureTextTests {
    @Test func everyReadIsWhatConvertingEachLineGives() {
        let screen = TerminalScreen(rows: 5, cols: 40, scrollbackLimit: 120)
        let text = ScrollbackCaptureText()
        var fed = 0
        for step in 0..<60 {
            let count = [0, 1, 3, 7, 40, 150, 2][step % 7]
            screen.feed(Self.lines(from: fed, count: count))
            fed += count
            let wanted = [100, 100, 10, 0, 300, step * 37 % 131][step % 6]
            #expect(text.newest(wanted, of: screen) == Self.expected(wanted, screen), "step \(step)")
        }
    }

    @Test func aReadConvertsOnlyTheLinesPushedSinceTheLastOne() {
        let screen = TerminalScreen(rows: 5, cols: 40, scrollbackLimit: 500)
        let text = ScrollbackCaptureText()
        screen.feed(Self.lines(from: 0, count: 300))
        _ = text.newest(100, of: screen)
        #expect(text.linesConverted == 100)
        screen.feed(Self.lines(from: 300, count: 3))
        // The reads in between want no history; they must not make the next one start over.
        #expect(text.newest(0, of: screen).isEmpty)
        #expect(text.newest(100, of: screen) == Self.expected(100, screen))
        #expect(text.linesConverted == 103, "the 97 lines still wanted were converted again")
        // A flood pushes more than a read wants: only the newest wanted are converted.
        screen.feed(Self.lines(from: 303, count: 180))
        #expect(text.newest(100, of: screen) == Self.expected(100, screen))
        #expect(text.linesConverted == 203)
    }

    @Test func linesTakenBackOrAnotherScreenAreReadAfresh() {
        let screen = TerminalScreen(rows: 3, cols: 30, scrollbackLimit: 100)
        let text = ScrollbackCaptureText()
        screen.feed(Self.lines(from: 0, count: 20))
        #expect(text.newest(50, of: screen) == Self.expected(50, screen))
        screen.resize(rows: 8, cols: 30)
        #expect(text.newest(50, of: screen) == Self.expected(50, screen))
        let other = TerminalScreen(rows: 3, cols: 30, scrollbackLimit: 100)
        other.feed(Self.lines(from: 500, count: 20))
        #expect(text.newest(50, of: other) == Self.expected(50, other))
    }

    static func expected(_ wanted: Int, _ screen: TerminalScreen) -> [String] {
        let start = max(0, screen.scrollbackCount - max(0, wanted))
        return (start..<screen.scrollbackCount).map { CaptureText.line(screen.scrollbackLine($0)) }
    }

    /// Numbered lines, some coloured, some with an erased background.
    static func lines(from start: Int, count: Int) -> String {
        (start..<start + count).map { n in
            n % 3 == 0
                ? "\u{1B}[3\(n % 8)m#\(n) colour\u{1B}[0m"
                : n % 3 == 1 ? "\u{1B}[44m#\(n)\u{1B}[K\u{1B}[0m" : "#\(n) plain"
        }.map { $0 + "\r\n" }.joined()
    }
}
