// Damage reporting and the bytes libvterm sends back (query answers).

import Testing

@testable import TerminalScreen

@Suite("Damage and output")
struct DamageOutputTests {
    @Test func firstTakeIsFullRedrawThenEmpty() {
        let screen = makeScreen(rows: 3, cols: 5)
        #expect(screen.takeDamage().isFullRedraw)
        let second = screen.takeDamage()
        #expect(second.isEmpty)
        #expect(second.rows.isEmpty)
    }

    @Test func onlyChangedRowsAreDamaged() {
        let screen = makeScreen(rows: 4, cols: 5)
        _ = screen.takeDamage()
        screen.feed("\(esc)[3;2Hx")
        let damage = screen.takeDamage()
        #expect(!damage.isFullRedraw)
        #expect(damage.rows == [2])
        #expect(damage.contains(2))
        #expect(!damage.contains(0))
        #expect(damage.cursorChanged)
        #expect(screen.takeDamage().isEmpty)
    }

    /// libvterm 0.1.4 reports `ESC[1J` on row 0 as an empty rect (its first, empty erase of the
    /// rows above merges with the row's own): the row is still damaged, so a tile redraws it.
    @Test func eraseAboveOnTheFirstRowDamagesIt() {
        let screen = makeScreen(rows: 4, cols: 6, "abc")
        _ = screen.takeDamage()
        screen.feed("\(esc)[41m\(esc)[1J")
        #expect(screen.takeDamage().rows == [0])
        screen.feed("\r\nxy\(esc)[1J")
        #expect(screen.takeDamage().rows == [0, 1])
    }

    @Test func severalRowsAcrossWrites() {
        let screen = makeScreen(rows: 5, cols: 5)
        _ = screen.takeDamage()
        screen.feed("\(esc)[1;1Ha\(esc)[4;1Hb")
        #expect(screen.takeDamage().rows == [0, 3])
    }

    @Test func scrollingMarksMovedRows() {
        let screen = makeScreen(rows: 3, cols: 5, "a\r\nb\r\nc")
        _ = screen.takeDamage()
        screen.feed("\r\nd")
        let damage = screen.takeDamage()
        #expect(damage.rows == [0, 1, 2])
        #expect(damage.didScroll)
        #expect(lines(screen) == ["b", "c", "d"])
    }

    @Test func aScrollOfTheWholeScreenIsAShiftWithTheNewRowsBeyondIt() {
        let screen = makeScreen(rows: 4, cols: 5, "a\r\nb\r\nc\r\nd")
        let damage = Self.damage(screen, after: "\r\ne\r\nf")
        #expect(damage.rows == [0, 1, 2, 3], "a renderer that ignores the shift redraws every row")
        #expect(damage.shift == 2)
        #expect(damage.rowsBeyondShift == [2, 3])
        #expect(lines(screen) == ["c", "d", "e", "f"])
    }

    @Test func aRowWrittenBeforeTheScrollMovesWithIt() {
        let damage = Self.damage(
            makeScreen(rows: 4, cols: 5, "a\r\nb\r\nc\r\nd"), after: "\u{1B}[2;1HB\u{1B}[4;2H\r\ne")
        #expect(damage.shift == 1)
        #expect(damage.rowsBeyondShift == [0, 3], "row 1 (B) is row 0 after the scroll")
    }

    @Test func aRegionOrMarginScrollIsNoShift() {
        let screen = makeScreen(rows: 6, cols: 10, "a\r\nb\r\nc\r\nd\r\ne\r\nf")
        var damage = Self.damage(screen, after: "\u{1B}[2;4r\u{1B}[4;1H\n")
        #expect(damage.shift == 0)
        #expect(damage.rowsBeyondShift == [1, 2, 3])
        screen.feed("\u{1B}[r\u{1B}[?69h\u{1B}[2;5s\u{1B}[6;1H\n")
        damage = screen.takeDamage()
        #expect(damage.shift == 0, "a scroll between left and right margins moved part of each row")
        #expect(damage.rowsBeyondShift == Array(0..<6))
        screen.feed("\u{1B}[?69l\u{1B}[T")
        damage = screen.takeDamage()
        #expect(damage.shift == 0, "a scroll down")
        #expect(damage.didScroll)
    }

    @Test func resizeAndAltScreenAreFullRedraws() {
        let screen = makeScreen(rows: 3, cols: 5)
        _ = screen.takeDamage()
        screen.resize(rows: 2, cols: 4)
        let damage = screen.takeDamage()
        #expect(damage.isFullRedraw)
        #expect(damage.rows == [0, 1])
        screen.feed("\(esc)[?1049h")
        #expect(screen.takeDamage().isFullRedraw)
    }

    @Test func aCursorBackWhereItWasIsNoChange() {
        let screen = makeScreen(rows: 3, cols: 5)
        _ = screen.takeDamage()
        screen.feed("\(esc)[2;2H\(esc)[1;1H")
        #expect(!screen.takeDamage().cursorChanged)
        screen.feed("\(esc)[?25l")
        #expect(screen.takeDamage().cursorChanged, "hiding the cursor is a change")
        screen.feed("x")
        #expect(screen.takeDamage().cursorChanged)
    }

    @Test func cursorOnlyMoveIsNotRowDamage() {
        let screen = makeScreen(rows: 3, cols: 5)
        _ = screen.takeDamage()
        screen.feed("\(esc)[2;2H")
        let damage = screen.takeDamage()
        #expect(damage.isEmpty)
        #expect(damage.cursorChanged)
    }

    @Test func primaryDeviceAttributesAreAnswered() {
        let screen = makeScreen(rows: 2, cols: 5, "\(esc)[c")
        #expect(printable(screen.takeOutput()) == "^[[?1;2c")
        #expect(screen.takeOutput().isEmpty)
    }

    @Test func cursorPositionReportIsAnswered() {
        let screen = makeScreen(rows: 3, cols: 5, "\(esc)[2;4H\(esc)[6n")
        #expect(printable(screen.takeOutput()) == "^[[2;4R")
    }

    @Test func keyEncodingDoesNotMixWithQueryAnswers() {
        let screen = makeScreen(rows: 2, cols: 5, "\(esc)[c")
        #expect(screen.encode(.char("a")) == [0x61])
        #expect(printable(screen.takeOutput()) == "^[[?1;2c")
    }

    /// The damage `bytes` alone make on `screen` (what came before is taken first).
    private static func damage(_ screen: TerminalScreen, after bytes: String) -> DamageSet {
        _ = screen.takeDamage()
        screen.feed(bytes)
        return screen.takeDamage()
    }
}
