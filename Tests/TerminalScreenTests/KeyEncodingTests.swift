// Keys, pastes and mouse events encoded through libvterm, respecting the program's modes.

import Testing

@testable import TerminalScreen

@Suite("Key, paste and mouse encoding")
struct KeyEncodingTests {
    private func encoded(_ screen: TerminalScreen, _ key: TerminalKey, _ mods: KeyModifiers = []) -> String {
        printable(screen.encode(key, modifiers: mods))
    }

    @Test func arrowsInNormalAndApplicationCursorMode() {
        let screen = makeScreen(rows: 2, cols: 5)
        #expect(encoded(screen, .up) == "^[[A")
        #expect(encoded(screen, .down) == "^[[B")
        #expect(encoded(screen, .right) == "^[[C")
        #expect(encoded(screen, .left) == "^[[D")
        screen.feed("\(esc)[?1h")
        #expect(encoded(screen, .up) == "^[OA")
        #expect(encoded(screen, .left) == "^[OD")
        #expect(encoded(screen, .up, .ctrl) == "^[[1;5A")
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
        #expect(encoded(screen, .function(5), .shift) == "^[[15;2~")
        #expect(screen.encode(.function(0)).isEmpty)
        #expect(screen.encode(.function(999)).isEmpty)
    }

    @Test func editingKeys() {
        let screen = makeScreen(rows: 2, cols: 5)
        #expect(encoded(screen, .enter) == "^M")
        #expect(encoded(screen, .tab) == "^I")
        #expect(screen.encode(.backspace) == [0x7F])
        #expect(encoded(screen, .escape) == "^[")
        #expect(encoded(screen, .tab, .shift) == "^[[Z")
        #expect(encoded(screen, .delete) == "^[[3~")
        #expect(encoded(screen, .insert) == "^[[2~")
        #expect(encoded(screen, .pageUp) == "^[[5~")
        #expect(encoded(screen, .pageDown) == "^[[6~")
        #expect(encoded(screen, .home) == "^[[H")
        #expect(encoded(screen, .end) == "^[[F")
    }

    @Test func shiftEnterIsEscapeCarriageReturn() {
        let screen = makeScreen(rows: 2, cols: 5)
        #expect(encoded(screen, .enter, .shift) == "^[^M")
        #expect(encoded(screen, .enter, .alt) == "^[^M")
    }

    @Test func ctrlLettersAreControlBytes() {
        let screen = makeScreen(rows: 2, cols: 5)
        let letters = (UInt32(0x61)...UInt32(0x7A)).compactMap(Unicode.Scalar.init)
        #expect(letters.map { screen.encode(.character($0), modifiers: .ctrl) } == (1...26).map { [UInt8($0)] })
        #expect(screen.encode(.character("C"), modifiers: .ctrl) == [0x03])
        #expect(screen.encode(.character(" "), modifiers: .ctrl) == [0x00])
        #expect(screen.encode(.character("]"), modifiers: .ctrl) == [0x1D])
        #expect(screen.encode(.character("c"), modifiers: [.ctrl, .alt]) == [0x1B, 0x03])
    }

    @Test func altAndPlainCharacters() {
        let screen = makeScreen(rows: 2, cols: 5)
        #expect(encoded(screen, .character("x"), .alt) == "^[x")
        #expect(encoded(screen, .character("A"), .shift) == "A")
        #expect(screen.encode(.character("é")) == Array("é".utf8))
        #expect(screen.encode(.character("漢")) == Array("漢".utf8))
        #expect(screen.encode(.character("é"), modifiers: .alt) == [0x1B] + Array("é".utf8))
        #expect(screen.encode(.character(" "), modifiers: .shift) == [0x20])
        #expect(encoded(screen, .character("1"), .ctrl) == "^[[49;5u")
    }

    @Test func bracketedPasteOnlyWhenEnabled() {
        let screen = makeScreen(rows: 2, cols: 5)
        #expect(!screen.isBracketedPasteEnabled)
        #expect(screen.encodePaste("a\nb") == Array("a\rb".utf8))
        screen.feed("\(esc)[?2004h")
        #expect(screen.isBracketedPasteEnabled)
        #expect(printable(screen.encodePaste("x\r\ny")) == "^[[200~x^My^[[201~")
        #expect(printable(screen.encodePaste("evil\(esc)[201~rm")) == "^[[200~evilrm^[[201~")
        screen.feed("\(esc)[?2004l")
        #expect(printable(screen.encodePaste("z")) == "z")
        #expect(screen.takeOutput().isEmpty)
    }

    @Test func mouseIsSilentUntilEnabled() {
        let screen = makeScreen(rows: 10, cols: 20)
        #expect(screen.encodeMouse(row: 1, col: 2, button: .left, pressed: true).isEmpty)
        screen.feed("\(esc)[?1000h\(esc)[?1006h")
        #expect(printable(screen.encodeMouse(row: 1, col: 2, button: .left, pressed: true)) == "^[[<0;3;2M")
        #expect(printable(screen.encodeMouse(row: 1, col: 2, button: .left, pressed: false)) == "^[[<0;3;2m")
        #expect(printable(screen.encodeMouse(row: 0, col: 0, button: .wheelUp, pressed: true)) == "^[[<64;1;1M")
        #expect(screen.encodeMouse(row: 3, col: 3, button: nil, pressed: false).isEmpty)
        screen.feed("\(esc)[?1000l")
        #expect(screen.encodeMouse(row: 1, col: 2, button: .left, pressed: true).isEmpty)
    }

    @Test func mouseMotionReportedInMoveMode() {
        let screen = makeScreen(rows: 10, cols: 20, "\(esc)[?1003h\(esc)[?1006h")
        #expect(printable(screen.encodeMouse(row: 4, col: 5, button: nil, pressed: false)) == "^[[<35;6;5M")
    }
}
