// Title, bell, alternate screen, scroll regions, synchronized output, reset.

import Testing

@testable import TerminalScreen

@Suite("Modes and properties")
struct ModeTests {
    @Test func titleFromOSC0AndOSC2() {
        let screen = makeScreen(rows: 1, cols: 5, "\(esc)]0;first\u{7}")
        #expect(screen.title == "first")
        screen.feed("\(esc)]2;second title\(esc)\\")
        #expect(screen.title == "second title")
        #expect(screen.text(row: 0) == "")
    }

    @Test func bellIsCounted() {
        let screen = makeScreen(rows: 1, cols: 5, "a\u{7}b\u{7}")
        #expect(screen.bellCount == 2)
        #expect(screen.text(row: 0) == "ab")
    }

    @Test func alternateScreenRestoresMainScreen() {
        let screen = makeScreen(rows: 2, cols: 5, "main")
        #expect(!screen.isAltScreen)
        screen.feed("\(esc)[?1049h")
        #expect(screen.isAltScreen)
        #expect(lines(screen) == ["", ""])
        screen.feed("\(esc)[Halt")
        #expect(lines(screen) == ["alt", ""])
        screen.feed("\(esc)[?1049l")
        #expect(!screen.isAltScreen)
        #expect(lines(screen) == ["main", ""])
        #expect(screen.cursor.col == 4)
    }

    @Test func scrollRegionScrollsOnlyTheRegion() {
        let screen = makeScreen(rows: 4, cols: 5, "top\r\nr1\r\nr2\r\nbot")
        screen.feed("\(esc)[2;3r\(esc)[3;1H\n")
        #expect(lines(screen) == ["top", "r2", "", "bot"])
        #expect(screen.scrollbackCount == 0)
        screen.feed("\(esc)[2;1H\(esc)M")
        #expect(lines(screen) == ["top", "", "r2", "bot"])
    }

    @Test func synchronizedOutputIsTracked() {
        let screen = makeScreen(rows: 1, cols: 5)
        #expect(!screen.isSynchronizedOutput)
        screen.feed("\(esc)[?2026h")
        #expect(screen.isSynchronizedOutput)
        screen.feed("x\(esc)[?20")
        screen.feed("26l")
        #expect(!screen.isSynchronizedOutput)
        #expect(screen.text(row: 0) == "x")
    }

    @Test func mouseModeFollowsProgram() {
        let screen = makeScreen(rows: 2, cols: 5)
        #expect(screen.mouseMode == .none)
        screen.feed("\(esc)[?1000h")
        #expect(screen.mouseMode == .click)
        screen.feed("\(esc)[?1002h")
        #expect(screen.mouseMode == .drag)
        screen.feed("\(esc)[?1003h")
        #expect(screen.mouseMode == .move)
        screen.feed("\(esc)[?1003l")
        #expect(screen.mouseMode == .none)
    }

    @Test func hardResetClearsScreenModesAndScrollback() {
        let screen = makeScreen(rows: 2, cols: 5, "a\r\nb\r\nc\(esc)]2;t\u{7}\(esc)[?1000h\(esc)[?2004h\(esc)[?1h")
        #expect(screen.scrollbackCount == 1)
        #expect(screen.isBracketedPasteEnabled)
        screen.reset(hard: true)
        #expect(lines(screen) == ["", ""])
        #expect(screen.scrollbackCount == 0)
        #expect(screen.title == "")
        #expect(screen.mouseMode == .none)
        #expect(!screen.isBracketedPasteEnabled)
        #expect(screen.encode(TerminalKey.up) == Array("\(esc)[A".utf8))
        #expect(screen.takeDamage().isFullRedraw)
    }
}
