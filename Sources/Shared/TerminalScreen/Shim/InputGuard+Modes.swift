// The state libvterm 0.1.4 keeps but does not expose, followed in the sequences it receives so that
// a snapshot (ScreenImage) can set it again: autowrap (DECAWM), origin mode (DECOM), focus
// reports (1004), the mouse encoding (1005, 1006, 1015), the G0 and G1 character sets and which
// of them is shifted in (SO/SI). The cursor saves (DECSC, 1048, 1049; libvterm 0.1.4 takes
// `CSI s` for DECSLRM and saves nothing) and the switch to
// the alternate screen are reported as they happen, since what they keep is read from libvterm at
// that moment (TerminalScreen+Saved.swift). Other state is read from libvterm itself, by
// property callbacks or by asking its encoders (ScreenImage's extraction).

/// Terminal state followed by the input guard.
struct FollowedModes: Equatable, Sendable {
    /// DECAWM (`CSI ? 7 h/l`).
    var autowrap = true
    /// DECOM (`CSI ? 6 h/l`).
    var origin = false
    /// Focus in/out reports (`CSI ? 1004 h/l`).
    var focusReports = false
    /// The last mouse encoding set (1005, 1006 or 1015), 0 for X10.
    var mouseEncoding = 0
    /// The final bytes of the G0 to G3 designations (`ESC ( F`, `ESC ) F`, `ESC * F`, `ESC + F`),
    /// 0 while a set is
    /// as a reset leaves it. (In UTF-8 mode libvterm 0.1.4 resets every set to UTF-8; an explicit
    /// `ESC ( B` selects its US-ASCII set instead, which decodes text differently: a combining
    /// mark in the same write as its base is no longer joined at the last column.)
    var g0: UInt8 = 0
    var g1: UInt8 = 0
    var g2: UInt8 = 0
    var g3: UInt8 = 0
    /// The set shifted into GL: 0 (SI), 1 (SO), 2 (LS2, `ESC n`) or 3 (LS3, `ESC o`).
    var gl = 0
    /// The designation of the set in GL.
    var active: UInt8 { [g0, g1, g2, g3][gl] }

    /// After RIS (`ESC c`).
    static let initial = FollowedModes()

    /// After a soft reset (DECSTR): libvterm resets autowrap, origin and the character sets and
    /// keeps the rest.
    mutating func softReset() {
        autowrap = true
        origin = false
        g0 = 0
        g1 = 0
        g2 = 0
        g3 = 0
        gl = 0
    }
}

extension InputGuard {
    /// The set shifted in translates ASCII (DEC line drawing, a national set). libvterm 0.1.4
    /// picks a decoder for a run of text by its first byte, so ASCII after a non-ASCII character
    /// in the same write was decoded as UTF-8 and not translated (`⏺a` under `ESC ( 0` kept the
    /// `a`); tmux translates each character. The guard ends the write before such ASCII.
    var translatesASCII: Bool { followed.active != 0 && followed.active != UInt8(ascii: "B") }

    /// Follows the DEC private modes of a `CSI ? … h/l` libvterm receives, and notes whether it
    /// saves the cursor (1048, 1049) or enters the alternate screen (47, 1047, 1049).
    mutating func followPrivateModes(_ final: UInt8) {
        savesCursor = false
        entersAlternateScreen = false
        guard csiLeader == UInt8(ascii: "?"), !csiHasIntermediates, csiArguments <= Self.maxVTermArguments,
            final == UInt8(ascii: "h") || final == UInt8(ascii: "l")
        else { return }
        let on = final == UInt8(ascii: "h")
        for argument in sgrParams.split(separator: UInt8(ascii: ";")) {
            guard argument.count <= 5, let mode = Int(String(decoding: argument, as: UTF8.self)) else { continue }
            switch mode {
            case 6: followed.origin = on
            case 7: followed.autowrap = on
            case 1004: followed.focusReports = on
            case 1005, 1006, 1015: followed.mouseEncoding = on ? mode : 0
            case 1048: savesCursor = on
            case 1049:
                savesCursor = on
                entersAlternateScreen = on
            case 47, 1047: entersAlternateScreen = on
            default: break
            }
        }
    }

    /// A soft reset (`CSI ! p`) at this CSI's final byte.
    mutating func followSoftReset(_ final: UInt8) {
        if csiBang, final == UInt8(ascii: "p"), csiArguments <= Self.maxVTermArguments { followed.softReset() }
    }

    /// The final byte of `ESC` + intermediate: a character set designation for G0 to G3.
    mutating func followDesignation(_ final: UInt8) {
        switch escapeIntermediateByte {
        case UInt8(ascii: "("): followed.g0 = final
        case UInt8(ascii: ")"): followed.g1 = final
        case UInt8(ascii: "*"): followed.g2 = final
        case UInt8(ascii: "+"): followed.g3 = final
        default: break
        }
    }

    /// A C0 control in the ground state: SO and SI shift the character sets.
    mutating func followShift(_ byte: UInt8) {
        if byte == 0x0E { followed.gl = 1 } else if byte == 0x0F { followed.gl = 0 }
    }
}

extension InputGuard {
    /// C0 controls that leave libvterm's cursor where it is: NUL, BEL, SO, SI and the like. BS,
    /// HT, LF, VT, FF and CR move it.
    static func keepsCursor(control byte: UInt8) -> Bool { !(0x08...0x0D).contains(byte) }

    /// Whether the CSI ending in `byte` leaves libvterm's pending wrap alone: erases, inserts and
    /// deletes, scrolls, SGR, reports, DECSCUSR, tab clears, window operations, and the modes that
    /// do not home or restore the cursor (all but DECOM and leaving 1048 or 1049).
    /// Cursor movements, tabs and DECSTBM end it (libvterm 0.1.4, state.c `on_csi`).
    func keepsCursor(csiFinal byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "h"), UInt8(ascii: "l"):
            guard csiLeader == UInt8(ascii: "?") else { return true }
            // DECOM homes the cursor; leaving 1048 or 1049 restores it.
            let moving: Set<Substring> = byte == UInt8(ascii: "h") ? ["6"] : ["6", "1048", "1049"]
            return !sgrParams.split(separator: UInt8(ascii: ";")).contains {
                moving.contains(Substring(String(decoding: $0, as: UTF8.self)))
            }
        default: return Self.keepingFinals.contains(byte)
        }
    }

    /// `@ J K L M P S T X c g m n q t`.
    private static let keepingFinals: Set<UInt8> = Set("@JKLMPSTXcgmnqt".utf8)
}

extension InputGuard {
    /// Bytes that put a reset guard (and libvterm behind it) in the parsing state this one is in
    /// between two feeds: the held start of a sequence, or, where its start already went to
    /// libvterm (a long string, a CSI being swallowed, `ESC` + intermediate), a stand-in start of
    /// the same kind, so that the bytes after a snapshot end that sequence and are not printed.
    var pendingInput: [UInt8] {
        switch mode {
        case .ground: return held
        case .escapeIntermediate: return [0x1B, escapeIntermediateByte]
        case .csiIgnore:
            return [0x1B, UInt8(ascii: "[")] + Array(repeating: UInt8(ascii: ";"), count: Self.maxVTermArguments + 1)
        case .string where held.isEmpty: return [0x1B, UInt8(ascii: "]")]
        case .stringEscape where held.isEmpty: return [0x1B, UInt8(ascii: "]"), 0x1B]
        case .escape, .csi, .string, .stringEscape: return held
        }
    }
}
