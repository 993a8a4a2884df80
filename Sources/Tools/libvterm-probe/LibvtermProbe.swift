// libvterm-probe: feeds one named case to raw libvterm 0.1.4 (no guard, sanitizer or rewriter in
// front) and prints the cursor and the first row, for the defects that crash or hang libvterm
// itself, which a test cannot show inside its own process (TerminalScreenTests/
// LibvtermCrashDefectTests run it as a child). Each defect has a control beside it: the same
// bytes without the one that triggers it.
//
// Must not import: anything but CVTerm.
import CVTerm

#if canImport(Glibc)
    import Glibc
#endif

@main
enum LibvtermProbe {
    /// A case: the screen's size, an optional resize before feeding, and the bytes.
    struct Case {
        var rows: Int32
        var cols: Int32
        var resize: (rows: Int32, cols: Int32)?
        var bytes: [UInt8]
    }

    static let esc: UInt8 = 0x1B

    /// The cases by name.
    static let cases: [String: Case] = [
        // REP with nothing printed yet repeats a glyph of width 0: its loop never ends.
        "rep-first": Case(rows: 2, cols: 10, bytes: [esc] + Array("[3bok".utf8)),
        "rep-first-control": Case(rows: 2, cols: 10, bytes: Array("x".utf8) + [esc] + Array("[3bok".utf8)),
        // A C1 control encoded as UTF-8 (U+0096) gets width -1; in insert mode at column 0 the
        // insertion moves cells by -1.
        "c1-insert": Case(rows: 2, cols: 15, bytes: [esc] + Array("[4h".utf8) + [0xC2, 0x96, 0x3D]),
        "c1-insert-control": Case(rows: 2, cols: 15, bytes: [esc] + Array("[4h".utf8) + [0xC2, 0xA0, 0x3D]),
        // Ill-formed UTF-8 cut by a control byte, found by the fuzzer, after a shrink.
        "cut-utf8": Case(
            rows: 17, cols: 68, resize: (6, 2),
            bytes: [0xC2, 0x08] + Array("$ge\u{301}z8;2;3m\u{1B}K".utf8) + [0x9B] + Array("\u{1B}[K".utf8)),
        "cut-utf8-control": Case(
            rows: 17, cols: 68, resize: (6, 2),
            bytes: [0x08] + Array("$ge\u{301}z8;2;3m\u{1B}K".utf8) + Array("\u{1B}[K".utf8)),
    ]

    static func main() {
        let arguments = CommandLine.arguments
        guard arguments.count == 2, let probe = cases[arguments[1]] else {
            print("usage: libvterm-probe CASE (one of: \(cases.keys.sorted().joined(separator: ", ")))")
            exit(2)
        }
        guard let vt = vterm_new(probe.rows, probe.cols) else { exit(3) }
        vterm_set_utf8(vt, 1)
        let screen = vterm_obtain_screen(vt)
        vterm_screen_reset(screen, 1)
        if let resize = probe.resize { vterm_set_size(vt, resize.rows, resize.cols) }
        var bytes = probe.bytes
        bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress?.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                _ = vterm_input_write(vt, $0, buffer.count)
            }
        }
        var pos = VTermPos()
        vterm_state_get_cursorpos(vterm_obtain_state(vt), &pos)
        print("cursor \(pos.row) \(pos.col)")
        vterm_free(vt)
    }
}
