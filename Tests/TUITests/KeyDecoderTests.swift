import ClientCore
import TUI
import Testing

@Suite struct KeyDecoderTests {
    func decode(_ text: String) -> [AppKey] {
        var decoder = KeyDecoder()
        return decoder.feed(Array(text.utf8)) + decoder.flush()
    }

    @Test func printableControlAndUTF8() {
        #expect(decode("aZ é漢") == [.char("a"), .char("Z"), .char(" "), .char("é"), .char("漢")])
        #expect(decode("\u{1D}\r\t\u{7F}\u{01}") == [.ctrl("]"), .enter, .tab, .backspace, .ctrl("a")])
        #expect(decode("\u{1C}\u{1E}") == [.ctrl("\\"), .ctrl("^")], "the banner jump keys")
    }

    @Test func escapeSequences() {
        #expect(decode("\u{1B}[A\u{1B}[B\u{1B}OC\u{1B}[D") == [.up, .down, .right, .left])
        #expect(
            decode("\u{1B}[5~\u{1B}[6~\u{1B}[5;2~\u{1B}[Z\u{1B}[3~") == [
                .pageUp, .pageDown, .shiftPageUp, .backTab, .delete,
            ])
        #expect(decode("\u{1B}OP\u{1B}[15~\u{1B}[24~") == [.function(1), .function(5), .function(12)])
        #expect(decode("\u{1B}x") == [.alt("x")])
        #expect(decode("\u{1B}") == [.escape])
    }

    @Test func sequenceSplitAcrossReads() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B, 0x5B]).isEmpty)
        #expect(decoder.hasPending)
        #expect(decoder.feed([0x41]) == [.up])
        #expect(decoder.feed([0xE6, 0xBC]).isEmpty)
        #expect(decoder.feed([0xA2]) == [.char("漢")])
    }

    @Test func sgrMouse() {
        #expect(decode("\u{1B}[<0;10;5M") == [.mouse(MouseEvent(kind: .press, row: 4, col: 9))])
        #expect(
            decode("\u{1B}[<64;1;1M\u{1B}[<65;2;3M") == [
                .mouse(MouseEvent(kind: .wheelUp, row: 0, col: 0)),
                .mouse(MouseEvent(kind: .wheelDown, row: 2, col: 1)),
            ])
        #expect(decode("\u{1B}[<0;10;5m").isEmpty)
        #expect(
            decode("\u{1B}[M !!\u{1B}[M`+%") == [
                .mouse(MouseEvent(kind: .press, row: 0, col: 0)), .mouse(MouseEvent(kind: .wheelUp, row: 4, col: 10)),
            ])
    }

    @Test func bracketedPasteAndFocus() {
        #expect(decode("a\u{1B}[200~x\r\u{1B}[Ay\u{1B}[201~b") == [.char("a"), .paste("x\r\u{1B}[Ay"), .char("b")])
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array("\u{1B}[200~hel".utf8)).isEmpty)
        #expect(decoder.feed(Array("lo\u{1B}[201~".utf8)) == [.paste("hello")])
        #expect(decode("\u{1B}[I\u{1B}[O") == [.focus(true), .focus(false)])
    }

    @Test func ncursesCodes() {
        #expect(KeyDecoder.decode(keyCode: 259) == .up)
        #expect(KeyDecoder.decode(keyCode: 0o616) == .shiftPageUp)
        #expect(KeyDecoder.decode(keyCode: 0o410 + 5) == .function(5))
        #expect(KeyDecoder.decode(character: 0x1D) == .ctrl("]"))
        #expect(KeyDecoder.decode(character: 0x41) == .char("A"))
    }
}
