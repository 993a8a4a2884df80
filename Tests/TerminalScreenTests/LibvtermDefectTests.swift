// The libvterm 0.1.4 defects that Shim/LibvtermShim.swift lists, shown in raw libvterm (no guard,
// no rewriter, no shaper in front): each test expects the defect. A newer libvterm that fixed one
// fails its test, which says which workaround of the shim can go. The defects that crash or hang
// libvterm are shown in a child process (`LibvtermCrashDefectTests`); the gap of mode 2026 is here.
import CVTerm
import Testing

@Suite struct LibvtermDefectTests {
    /// A raw libvterm screen of `rows` × `cols` in UTF-8 mode.
    final class Raw {
        let vt: OpaquePointer
        let screen: OpaquePointer
        let state: OpaquePointer

        init(rows: Int32 = 5, cols: Int32 = 20) {
            guard let vt = vterm_new(rows, cols) else { fatalError("vterm_new failed") }
            self.vt = vt
            vterm_set_utf8(vt, 1)
            screen = vterm_obtain_screen(vt)
            state = vterm_obtain_state(vt)
            vterm_screen_reset(screen, 1)
        }

        deinit { vterm_free(vt) }

        func feed(_ text: String) {
            var bytes = Array(text.utf8)
            bytes.withUnsafeMutableBufferPointer { buffer in
                buffer.baseAddress.map { base in
                    base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                        _ = vterm_input_write(vt, $0, buffer.count)
                    }
                }
            }
        }

        func cell(row: Int32, col: Int32) -> VTermScreenCell {
            var cell = VTermScreenCell()
            _ = vterm_screen_get_cell(screen, VTermPos(row: row, col: col), &cell)
            return cell
        }

        var cursor: VTermPos {
            var pos = VTermPos()
            vterm_state_get_cursorpos(state, &pos)
            return pos
        }
    }

    @Test func colonTrueColourReadsTheColourSpaceAsRed() {
        // SGRRewriter turns `38:2::r:g:b` into `38;2;r;g;b`.
        let raw = Raw()
        raw.feed("\u{1b}[38:2::10:20:30mx")
        let fg = raw.cell(row: 0, col: 0).fg
        #expect(fg.rgb.red == 255, "libvterm 0.1.4 reads the empty colour-space id as red = 255")
        raw.feed("\u{1b}[38;2;10;20;30my")
        #expect(raw.cell(row: 0, col: 1).fg.rgb.red == 10, "control: the semicolon form is read right")
    }

    @Test func underlineColourIsReadAsBlinkAndBold() {
        // SGRRewriter drops SGR 58 with its arguments.
        let raw = Raw()
        raw.feed("\u{1b}[58;5;1mx")
        let attrs = raw.cell(row: 0, col: 0).attrs
        #expect(attrs.blink == 1 && attrs.bold == 1, "58 is unknown, 5 blinks, 1 bolds")
        raw.feed("\u{1b}[0my")
        #expect(raw.cell(row: 0, col: 1).attrs.blink == 0, "control: a plain cell does not blink")
    }

    @Test func aNewerEmojiIsOneColumnWide() {
        // TextShaper prints a two-column stand-in (ClusterTable) for U+1F9D1, as glibc and tmux.
        let raw = Raw()
        raw.feed("\u{1F9D1}x")
        #expect(raw.cell(row: 0, col: 0).width == 1, "libvterm's width table is older than glibc's")
        #expect(raw.cell(row: 0, col: 1).chars.0 == UInt32(UInt8(ascii: "x")))
        raw.feed("漢")
        #expect(raw.cell(row: 0, col: 2).width == 2, "control: a wide character it knows is two columns")
    }

    @Test func aCursorSavedBeforeTheScreenShrankIsRestoredOutsideIt() {
        // The input guard reports the restore and TerminalScreen moves the cursor back inside.
        let raw = Raw(rows: 10, cols: 20)
        raw.feed("\u{1b}[9;18H\u{1b}7\u{1b}[1;1H\u{1b}8")
        #expect(raw.cursor.row == 8 && raw.cursor.col == 17, "control: at the same size it restores")
        vterm_set_size(raw.vt, 4, 8)
        raw.feed("\u{1b}8")
        let cursor = raw.cursor
        #expect(cursor.row >= 4 || cursor.col >= 8, "restored at \(cursor.row),\(cursor.col): outside 4×8")
    }

    @Test func aMarkAfterAGlyphInTheLastColumnLandsOnTheNextRow() {
        // InputGuard+Join moves the cursor back onto the cell and prints it again.
        let raw = Raw(rows: 3, cols: 4)
        raw.feed("ab")
        raw.feed("\u{301}")
        #expect(raw.cell(row: 0, col: 1).chars.1 == 0x301, "control: inside the row a later mark joins")
        raw.feed("cd")
        raw.feed("\u{301}")
        #expect(raw.cell(row: 0, col: 3).chars.1 == 0, "the mark did not join the d")
        #expect(raw.cell(row: 1, col: 0).chars.0 == 0x301, "it was printed on the next row, alone")
    }

    @Test func cSIsSavesNoCursor() {
        // libvterm takes `CSI s` for DECSLRM: InputGuard+Modes follows the cursor saves itself.
        let raw = Raw()
        raw.feed("\u{1b}[2;5H\u{1b}7\u{1b}[1;1H\u{1b}8")
        #expect(raw.cursor.row == 1 && raw.cursor.col == 4, "control: DECSC/DECRC save and restore")
        raw.feed("\u{1b}[3;3H\u{1b}[s\u{1b}[1;1H\u{1b}[u")
        let cursor = raw.cursor
        #expect(!(cursor.row == 2 && cursor.col == 2), "CSI u restored the cursor CSI s saved")
    }

    @Test func synchronizedOutputIsSwallowedWithoutACallback() {
        // DEC private mode 2026 reaches no callback, not even the fallback for what libvterm does
        // not know: SyncOutputDetector finds it in the bytes beside the parser.
        final class Heard { var csi: [UInt8] = [] }
        let raw = Raw()
        let heard = Heard()
        // libvterm keeps the pointer: the callbacks live in memory of their own until reset.
        let fallbacks = UnsafeMutablePointer<VTermParserCallbacks>.allocate(capacity: 1)
        fallbacks.initialize(to: VTermParserCallbacks())
        defer { fallbacks.deallocate() }
        fallbacks.pointee.csi = { _, _, _, _, command, user in
            user.map { Unmanaged<Heard>.fromOpaque($0).takeUnretainedValue().csi.append(UInt8(bitPattern: command)) }
            return 1
        }
        withExtendedLifetime(heard) {
            vterm_state_set_unrecognised_fallbacks(raw.state, fallbacks, Unmanaged.passUnretained(heard).toOpaque())
            raw.feed("\u{1b}[5}")
            #expect(heard.csi == [UInt8(ascii: "}")], "control: an unknown CSI reaches the fallback")
            raw.feed("\u{1b}[?2026h\u{1b}[?2026l")
            #expect(heard.csi == [UInt8(ascii: "}")], "mode 2026 reached the fallback")
            vterm_state_set_unrecognised_fallbacks(raw.state, nil, nil)
        }
    }
}
