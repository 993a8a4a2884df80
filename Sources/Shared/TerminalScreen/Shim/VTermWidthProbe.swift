// What libvterm 0.1.4 itself does with a scalar, asked of libvterm: its width table
// (`vterm_unicode_width`) is internal to the library and older than glibc's, so a small private
// terminal prints "a" + the scalar and reads back where it went. Answers are cached per block of
// 256 scalars (a block is probed at once, ~0.5 ms), together with glibc's width.

import CVTerm

/// libvterm's and glibc's widths of scalars, cached.
final class VTermWidthProbe {
    /// libvterm joins the scalar to the glyph before it.
    static let combining: Int8 = 0
    /// libvterm does something else with it (a control, an unencodable value).
    static let other: Int8 = -1

    private let vt: OpaquePointer
    private let screen: OpaquePointer
    private let state: OpaquePointer
    /// Per block (scalar >> 8): for each scalar, glibc width + 1 in the low nibble and libvterm's
    /// answer + 1 in the high nibble.
    private var blocks = [[UInt8]?](repeating: nil, count: 0x1100)

    init() {
        guard let terminal = vterm_new(1, 8) else { preconditionFailure("libvterm could not allocate a probe") }
        vt = terminal
        vterm_set_utf8(vt, 1)
        screen = vterm_obtain_screen(vt)
        state = vterm_obtain_state(vt)
        vterm_screen_reset(screen, 1)
    }

    deinit { vterm_free(vt) }

    /// What libvterm 0.1.4 makes of `value` after a printed character: `combining` (0), a glyph of
    /// 1 or 2 columns, or `other`.
    func vtermWidth(_ value: UInt32) -> Int8 {
        if value >= 0x20 && value < 0x7F { return 1 }
        return Int8(entry(value) >> 4) - 1
    }

    /// glibc's width of `value` (`TerminalScreen.displayWidth`), cached.
    func glibcWidth(_ value: UInt32) -> Int {
        if value >= 0x20 && value < 0x7F { return 1 }
        return Int(entry(value) & 0x0F) - 1
    }

    /// The block looked up last (text tends to stay in one script).
    private var lastBlock: UInt32 = .max
    private var lastEntries: [UInt8] = []

    private func entry(_ value: UInt32) -> UInt8 {
        let block = value >> 8
        if block != lastBlock {
            if let known = blocks[Int(block)] {
                lastEntries = known
            } else {
                lastEntries = probe(block: block)
                blocks[Int(block)] = lastEntries
            }
            lastBlock = block
        }
        return lastEntries[Int(value & 0xFF)]
    }

    private func probe(block: UInt32) -> [UInt8] {
        (0..<256).map { offset -> UInt8 in
            let value = block << 8 | UInt32(offset)
            guard let scalar = Unicode.Scalar(value) else { return 0 }
            let glibc = TerminalScreen.displayWidth(of: scalar)
            let vterm = value < 0xA0 ? Self.other : probe(scalar)
            return UInt8(glibc + 1) | UInt8(vterm + 1) << 4
        }
    }

    private func probe(_ scalar: Unicode.Scalar) -> Int8 {
        var bytes: [UInt8] = [0x0D, 0x1B, 0x5B, 0x4B, 0x61]
        bytes += String(scalar).utf8
        bytes.withUnsafeBytes { raw in
            if let base = raw.baseAddress {
                _ = vterm_input_write(vt, base.assumingMemoryBound(to: CChar.self), raw.count)
            }
        }
        var first = VTermScreenCell()
        var second = VTermScreenCell()
        _ = vterm_screen_get_cell(screen, VTermPos(row: 0, col: 0), &first)
        _ = vterm_screen_get_cell(screen, VTermPos(row: 0, col: 1), &second)
        var cursor = VTermPos()
        vterm_state_get_cursorpos(state, &cursor)
        // Joined, and the glyph still one column wide (libvterm adds its own width of a joined
        // scalar: U+3099 is "combining" yet makes the glyph three columns).
        if first.chars.1 == scalar.value {
            return first.width == 1 && cursor.col == 1 ? Self.combining : Self.other
        }
        guard second.chars.0 == scalar.value, second.width == 1 || second.width == 2,
            cursor.col == 1 + second.width
        else { return Self.other }
        return Int8(second.width)
    }
}
