// Works around libvterm 0.1.4 bugs that remote output can trigger (all found by the fuzz test):
// - REP (`CSI n b`, repeat the last graphic character) hangs when nothing has been printed yet,
//   and writes past the row (NULL dereference) when the character is wide and a repetition lands
//   in the last column. The guard remembers the last graphic character and replaces the final
//   byte of every REP with CAN (libvterm then drops the sequence), followed by the character
//   printed as often as fits before the row's end (what REP does) through the safe printing path.
// - Restoring a cursor saved before the screen shrank (DECRC `ESC 8`, leaving the alternate
//   screen with DEC 1048/1049) puts the cursor outside the screen, and the next print crashes.
//   The guard reports every such restore so the screen can move the cursor back inside.
// The guard follows the escape-sequence structure of the (already well-formed UTF-8) stream.

/// Rewrites REP sequences into plain printing and reports cursor restores.
struct InputGuard {
    /// What a byte completed.
    enum Event {
        case none, repeatCharacter, cursorRestored
    }

    private enum Mode {
        case ground, escape, escapeIntermediate, csi, string, stringEscape
    }

    private var mode = Mode.ground
    /// UTF-8 bytes of the last non-ASCII graphic character (base plus combining marks).
    private var lastGlyph: [UInt8] = []
    private var lastGlyphWidth = 1
    /// The last graphic character when it is ASCII (the hot path stores only this byte).
    private var lastASCII: UInt8 = 0
    private var lastIsASCII = false
    /// The character being decoded and how many continuation bytes it still needs.
    private var scalarBytes: [UInt8] = []
    private var scalarValue: UInt32 = 0
    private var scalarNeeded = 0
    /// CSI state: the first parameter, whether it has no intermediates and whether it began
    /// with a private leader (`?`, `>`, …).
    private var csiCount = 0
    private var csiPlain = true
    private var csiPrivate = false
    private var csiInFirstParameter = true

    /// Passes `input` to `write`, rewriting REP sequences and calling `cursorRestored` right
    /// after a cursor restore was written. `cursorColumn` and `columns` describe the terminal at
    /// the moment a REP is reached (after everything before it was written).
    mutating func process(
        _ input: UnsafeRawBufferPointer, columns: Int, cursorColumn: () -> Int, cursorRestored: () -> Void,
        write: (UnsafeRawBufferPointer) -> Void
    ) {
        var segmentStart = 0
        for index in 0..<input.count {
            switch step(input[index]) {
            case .none:
                continue
            case .repeatCharacter:
                if segmentStart < index { write(UnsafeRawBufferPointer(rebasing: input[segmentStart..<index])) }
                let replacement = [0x18] + repetition(count: csiCount, columns: columns, cursorColumn: cursorColumn())
                replacement.withUnsafeBytes(write)
            case .cursorRestored:
                write(UnsafeRawBufferPointer(rebasing: input[segmentStart...index]))
                cursorRestored()
            }
            segmentStart = index + 1
        }
        if segmentStart < input.count { write(UnsafeRawBufferPointer(rebasing: input[segmentStart...])) }
    }

    /// The bytes that print the last glyph `count` times without passing the row's end.
    func repetition(count: Int, columns: Int, cursorColumn: Int) -> [UInt8] {
        let glyph = lastIsASCII ? [lastASCII] : lastGlyph
        guard !glyph.isEmpty else { return [] }
        let width = lastIsASCII ? 1 : lastGlyphWidth
        let times = min(max(count, 1), max(0, columns - cursorColumn) / width)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(times * glyph.count)
        for _ in 0..<times { bytes += glyph }
        return bytes
    }

    /// Advances the parser by one byte and says what it completed.
    private mutating func step(_ byte: UInt8) -> Event {
        if byte == 0x18 || byte == 0x1A {
            mode = .ground
            scalarNeeded = 0
            return .none
        }
        switch mode {
        case .ground: ground(byte)
        case .escape: return escape(byte)
        case .escapeIntermediate: escapeIntermediate(byte)
        case .csi: return csi(byte)
        case .string: if byte == 0x1B { mode = .stringEscape } else if byte == 0x07 { mode = .ground }
        case .stringEscape:
            // ST ends the string; any other byte aborts it and starts an escape, as in libvterm.
            mode = .escape
            if byte == 0x5C { mode = .ground } else { return escape(byte) }
        }
        return .none
    }

    private mutating func ground(_ byte: UInt8) {
        if byte == 0x1B {
            mode = .escape
            scalarNeeded = 0
        } else if byte < 0x20 || byte == 0x7F {
            scalarNeeded = 0
        } else if byte < 0x80 {
            lastASCII = byte
            lastIsASCII = true
        } else {
            decode(byte)
        }
    }

    private mutating func escape(_ byte: UInt8) -> Event {
        switch byte {
        case 0x1B: mode = .escape
        case UInt8(ascii: "8"):
            mode = .ground
            return .cursorRestored
        case UInt8(ascii: "["):
            mode = .csi
            csiCount = 0
            csiPlain = true
            csiPrivate = false
            csiInFirstParameter = true
        case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "_"), UInt8(ascii: "^"), UInt8(ascii: "X"):
            mode = .string
        case 0x20...0x2F: mode = .escapeIntermediate
        case 0x00...0x1A, 0x1C...0x1F: break
        default: mode = .ground
        }
        return .none
    }

    private mutating func escapeIntermediate(_ byte: UInt8) {
        if byte == 0x1B {
            mode = .escape
        } else if byte >= 0x30 {
            mode = .ground
        }
    }

    private mutating func csi(_ byte: UInt8) -> Event {
        switch byte {
        case 0x1B:
            mode = .escape
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            if csiInFirstParameter { csiCount = min(csiCount * 10 + Int(byte - 0x30), 1_000_000) }
        case UInt8(ascii: ";"), UInt8(ascii: ":"):
            csiInFirstParameter = false
        case 0x3C...0x3F:
            csiPlain = false
            csiPrivate = true
        case 0x20...0x2F:
            csiPlain = false
        case 0x40...0x7E:
            mode = .ground
            return finalEvent(byte)
        default: break
        }
        return .none
    }

    private func finalEvent(_ byte: UInt8) -> Event {
        switch byte {
        case UInt8(ascii: "b") where csiPlain: return .repeatCharacter
        case UInt8(ascii: "u") where csiPlain: return .cursorRestored
        case UInt8(ascii: "h"), UInt8(ascii: "l"): return csiPrivate ? .cursorRestored : .none
        default: return .none
        }
    }

    /// Decodes one byte of a multi-byte scalar (the input is well-formed UTF-8).
    private mutating func decode(_ byte: UInt8) {
        if byte & 0xC0 == 0x80 {
            guard scalarNeeded > 0 else { return }
            scalarBytes.append(byte)
            scalarValue = scalarValue << 6 | UInt32(byte & 0x3F)
            scalarNeeded -= 1
            if scalarNeeded == 0 { finishScalar() }
            return
        }
        scalarBytes.removeAll(keepingCapacity: true)
        scalarBytes.append(byte)
        switch byte {
        case 0xC0...0xDF:
            scalarValue = UInt32(byte & 0x1F)
            scalarNeeded = 1
        case 0xE0...0xEF:
            scalarValue = UInt32(byte & 0x0F)
            scalarNeeded = 2
        default:
            scalarValue = UInt32(byte & 0x07)
            scalarNeeded = 3
        }
    }

    private mutating func finishScalar() {
        guard let scalar = Unicode.Scalar(scalarValue) else { return }
        let width = TerminalScreen.displayWidth(of: scalar)
        if width > 0 {
            lastGlyph.removeAll(keepingCapacity: true)
            lastGlyph.append(contentsOf: scalarBytes)
            lastGlyphWidth = min(width, 2)
            lastIsASCII = false
        } else if scalar.properties.isGraphemeExtend, lastGlyph.count + scalarBytes.count <= 24 {
            if lastIsASCII {
                lastGlyph = [lastASCII]
                lastGlyphWidth = 1
                lastIsASCII = false
            }
            if !lastGlyph.isEmpty { lastGlyph.append(contentsOf: scalarBytes) }
        }
    }

    /// Forgets the last glyph and any partial sequence (after a hard reset).
    mutating func reset() {
        self = InputGuard()
    }
}
