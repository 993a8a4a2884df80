// The app's keys (ClientCore's AppKey: keys, pastes, mouse and focus events) encoded through
// libvterm by the TUI's mapping onto the screen's own vocabulary, respecting the program's modes.

import ClientCore
import TUI
import Testing

@testable import TerminalScreen

@Suite("Key, paste and mouse encoding")
struct KeyEncodingTests {
    private func encoded(_ screen: TerminalScreen, _ key: AppKey) -> String {
        printable(screen.encode(key))
    }

    @Test func arrowsInNormalAndApplicationCursorMode() {
        let screen = makeScreen(rows: 2, cols: 5)
        #expect(encoded(screen, .up) == "^[[A")
        #expect(encoded(screen, .down) == "^[[B")
        #expect(encoded(screen, .right) == "^[[C")
        #expect(encoded(screen, .left) == "^[[D")
        #expect(screen.encode(AppKey.up) == [0x1B, 0x5B, 0x41])
        screen.feed("\(esc)[?1h")
        #expect(encoded(screen, .up) == "^[OA")
        #expect(encoded(screen, .left) == "^[OD")
        #expect(screen.encode(AppKey.up) == [0x1B, 0x4F, 0x41])
        screen.feed("\(esc)[?1l")
        #expect(encoded(screen, .up) == "^[[A")
        #expect(screen.takeOutput().isEmpty)
    }

    @Test func functionKeys() {
        let screen = makeScreen(rows: 2, cols: 5)
        let expected = [
            "^[OP", "^[OQ", "^[OR", "^[OS", "^[[15~", "^[[17~", "^[[18~", "^[[19~", "^[[20~", "^[[21~",
            "^[[23~", "^[[24~",
        ]
        #expect((1...12).map { encoded(screen, .function($0)) } == expected)
        #expect(screen.encode(AppKey.function(0)).isEmpty)
        #expect(screen.encode(AppKey.function(999)).isEmpty)
    }

    @Test func editingKeys() {
        let screen = makeScreen(rows: 2, cols: 5)
        #expect(encoded(screen, .enter) == "^M")
        #expect(screen.encode(AppKey.enter) == [0x0D])
        #expect(encoded(screen, .tab) == "^I")
        #expect(screen.encode(AppKey.backspace) == [0x7F])
        #expect(encoded(screen, .escape) == "^[")
        #expect(encoded(screen, .backTab) == "^[[Z")
        #expect(encoded(screen, .delete) == "^[[3~")
        #expect(encoded(screen, .insert) == "^[[2~")
        #expect(encoded(screen, .pageUp) == "^[[5~")
        #expect(encoded(screen, .pageDown) == "^[[6~")
        #expect(encoded(screen, .shiftPageUp) == "^[[5;2~")
        #expect(encoded(screen, .shiftPageDown) == "^[[6;2~")
        #expect(encoded(screen, .home) == "^[[H")
        #expect(encoded(screen, .end) == "^[[F")
    }

    @Test func ctrlLettersAreControlBytes() {
        let screen = makeScreen(rows: 2, cols: 5)
        let letters = "abcdefghijklmnopqrstuvwxyz"
        #expect(letters.map { screen.encode(AppKey.ctrl($0)) } == (1...26).map { [UInt8($0)] })
        #expect(screen.encode(AppKey.ctrl("C")) == [0x03])
        #expect(screen.encode(AppKey.ctrl(" ")) == [0x00])
        #expect(screen.encode(AppKey.ctrl("@")) == [0x00])
        #expect(screen.encode(AppKey.ctrl("]")) == [0x1D])
        #expect(screen.encode(AppKey.ctrl("\\")) == [0x1C])
        #expect(screen.encode(AppKey.ctrl("^")) == [0x1E])
        #expect(screen.encode(AppKey.ctrl("_")) == [0x1F])
        #expect(screen.encode(AppKey.ctrl("?")) == [0x7F])
        #expect(encoded(screen, .ctrl("1")) == "^[[49;5u", "no C0 byte: libvterm's CSI u")
    }

    @Test func altAndPlainCharacters() {
        let screen = makeScreen(rows: 2, cols: 5)
        #expect(screen.encode(AppKey.char("a")) == [0x61])
        #expect(encoded(screen, .alt("x")) == "^[x")
        #expect(encoded(screen, .char("A")) == "A")
        #expect(screen.encode(AppKey.char(" ")) == [0x20])
        #expect(screen.encode(AppKey.char("é")) == Array("é".utf8))
        #expect(screen.encode(AppKey.char("漢")) == Array("漢".utf8))
        #expect(screen.encode(AppKey.alt("é")) == [0x1B] + Array("é".utf8))
        #expect(screen.encode(AppKey.char("e\u{301}")) == Array("e\u{301}".utf8), "every scalar of the character")
    }

    @Test func focusChangesSendNothing() {
        let screen = makeScreen(rows: 2, cols: 5, "\(esc)[?1004h")
        #expect(screen.encode(AppKey.focus(true)).isEmpty)
        #expect(screen.encode(AppKey.focus(false)).isEmpty)
    }

    @Test func bracketedPasteOnlyWhenEnabled() {
        let screen = makeScreen(rows: 2, cols: 5)
        #expect(!screen.isBracketedPasteEnabled)
        #expect(screen.encode(AppKey.paste("a\nb")) == Array("a\rb".utf8))
        #expect(screen.encode(AppKey.paste("hi")) == Array("hi".utf8))
        screen.feed("\(esc)[?2004h")
        #expect(screen.isBracketedPasteEnabled)
        #expect(screen.encode(AppKey.paste("hi")) == Array("\u{1B}[200~hi\u{1B}[201~".utf8))
        #expect(encoded(screen, .paste("x\r\ny")) == "^[[200~x^My^[[201~")
        #expect(encoded(screen, .paste("evil\(esc)[201~rm")) == "^[[200~evilrm^[[201~")
        screen.feed("\(esc)[?2004l")
        #expect(encoded(screen, .paste("z")) == "z")
        #expect(screen.takeOutput().isEmpty)
    }

    @Test func aClickIsAPressAndARelease() {
        let screen = makeScreen(rows: 10, cols: 20)
        let click = AppKey.mouse(MouseEvent(kind: .press, row: 1, col: 2))
        #expect(screen.encode(click).isEmpty, "silent until the program asks for mouse reports")
        screen.feed("\(esc)[?1000h\(esc)[?1006h")
        #expect(encoded(screen, click) == "^[[<0;3;2M^[[<0;3;2m")
        screen.feed("\(esc)[?1000l")
        #expect(screen.encode(click).isEmpty)
    }

    @Test func wheelStepsAreButtonsFourAndFive() {
        let screen = makeScreen(rows: 10, cols: 20, "\(esc)[?1000h\(esc)[?1006h")
        #expect(encoded(screen, .mouse(MouseEvent(kind: .wheelUp, row: 0, col: 0))) == "^[[<64;1;1M")
        #expect(encoded(screen, .mouse(MouseEvent(kind: .wheelDown, row: 4, col: 5))) == "^[[<65;6;5M")
    }

    @Test func mouseInTheProgramsEncodingClampedToTheScreen() {
        let screen = makeScreen(rows: 10, cols: 20, "\(esc)[?1000h")
        // X10 encoding (no 1006): CSI M, then button, column and row, each offset by 32.
        #expect(encoded(screen, .mouse(MouseEvent(kind: .press, row: 0, col: 0))) == "^[[M !!^[[M#!!")
        #expect(
            encoded(screen, .mouse(MouseEvent(kind: .wheelUp, row: 50, col: -3))) == "^[[M`!*",
            "outside the screen: the nearest cell")
    }

    @Test func mouseMotionReportedInMoveMode() {
        let screen = makeScreen(rows: 10, cols: 20)
        #expect(screen.encodeMouse(row: 3, col: 3, button: nil, pressed: false).isEmpty)
        screen.feed("\(esc)[?1003h\(esc)[?1006h")
        #expect(printable(screen.encodeMouse(row: 4, col: 5, button: nil, pressed: false)) == "^[[<35;6;5M")
    }
}
