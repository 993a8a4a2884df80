// Works around libvterm 0.1.4 bugs that remote output can trigger (all found by the fuzz test):
// - REP (`CSI n b`, repeat the last graphic character) hangs when nothing has been printed yet,
//   and writes past the row (NULL dereference) when the character is wide and a repetition lands
//   in the last column. The guard remembers the last graphic character and replaces the final
//   byte of every REP with CAN (libvterm then drops the sequence), followed by the character
//   printed as often as fits before the row's end (what REP does) through the safe printing path.
// - The guard must see every REP libvterm sees, so it parses escape sequences as libvterm does
//   where they differ from xterm: DEL inside `ESC …` is ignored, and after intermediates the
//   final `[`, `]` or `P` (which libvterm takes as CSI, OSC, DCS) is replaced by CAN.
// - Restoring a cursor saved before the screen shrank (DECRC `ESC 8`, leaving the alternate
//   screen with DEC 1048/1049) puts the cursor outside the screen, and the next print crashes.
//   The guard reports every such restore so the screen can move the cursor back inside.
// - SGR lists go through `SGRRewriter` (attributes libvterm lacks travel in its font number).
//   An escape sequence cut by the end of a chunk is held back until it ends, so that an SGR
//   split across feeds is rewritten whole (see InputGuard+Held.swift). Strings (OSC, DCS) are
//   held the same way up to `maxHeldString`: libvterm drops an OSC split across writes.
// - Printed text is grouped into cells as tmux groups it (`TextShaper`), so that widths agree.
// The guard follows the escape-sequence structure of the (already well-formed UTF-8) stream.

/// Rewrites REP and SGR sequences and reports cursor restores.
struct InputGuard {
    /// What a byte completed.
    enum Event {
        case none, repeatCharacter, cursorRestored, selectGraphicRendition
        /// DECSC (`ESC 7`): what libvterm saved is read once it is written.
        case cursorSaved
        /// The current CSI must not reach libvterm (too many arguments, too long): CAN goes in its
        /// place, so that libvterm also leaves any sequence its ESC interrupted.
        case dropSequence
        /// A byte of a dropped CSI.
        case swallow
        /// The final byte of an escape sequence with intermediates (`ESC & [`) that libvterm 0.1.4
        /// would take as the start of a CSI, OSC or DCS: CAN goes to libvterm in its place.
        case cancelFinal
        /// NUL or DEL after an ESC inside a string: it must not reach libvterm (see `step`).
        case dropStringByte
    }

    /// A position on libvterm's screen (zero-based).
    typealias Position = (row: Int, col: Int)

    enum Mode {
        case ground, escape, escapeIntermediate, csi, csiIgnore, string, stringEscape
    }

    var mode = Mode.ground
    /// Bytes of an unfinished escape sequence from earlier chunks, not yet given to libvterm.
    var held: [UInt8] = []
    /// The parameter bytes of the current CSI, its argument count and its length so far.
    private(set) var sgrParams: [UInt8] = []
    private(set) var csiArguments = 1
    private var csiLength = 0
    /// libvterm 0.1.4 crashes (writes past its argument array) on a CSI with more arguments.
    static let maxVTermArguments = 16
    /// Longer SGR lists are dropped; shorter ones are split into pieces libvterm can take.
    static let maxSGRArguments = 64
    static let maxHeldSequence = 512
    /// An unterminated string longer than this is passed on in pieces (and may be lost).
    static let maxHeldString = 4096
    var rewriter = SGRRewriter()
    /// The bytes replacing the SGR just completed.
    var pendingRewrite: [UInt8] = []
    /// Printed text, grouped into cells; it also remembers the last cell for REP.
    var shaper: TextShaper
    /// The character being decoded and how many continuation bytes it still needs.
    private(set) var scalarLength = 0
    private var scalarValue: UInt32 = 0
    private var scalarNeeded = 0
    /// CSI state: the first parameter, whether it has no intermediates and whether it began
    /// with a private leader (`?`, `>`, …).
    private(set) var csiCount = 0
    /// The scalar the last byte completed in the ground state, if any.
    var completedScalar: UInt32?
    /// Where the previous piece's last cell is on libvterm's screen (see InputGuard+Join.swift).
    var lastCellPlace: CellPlace?
    /// libvterm's insert mode (IRM), followed because printing a cell again must overwrite it.
    var insertMode = false
    /// The last DECSTBM's arguments (nil: the full screen; see InputGuard+Margins.swift).
    var scrollRegion: ScrollRegionArguments?
    /// DECLRMM (`CSI ? 69 h`): while set, left and right margins may confine scrolling.
    var leftRightMarginMode = false
    private(set) var csiPlain = true
    private(set) var csiPrivate = false
    private(set) var csiBang = false
    /// The private leader (`?`, `>`, …) that starts the current CSI, or 0.
    private(set) var csiLeader: UInt8 = 0
    /// The current CSI has intermediate bytes (`!`, `$`, …).
    private(set) var csiHasIntermediates = false
    private var csiInFirstParameter = true
    /// The intermediate byte of the current `ESC` sequence (`(` in `ESC ( 0`).
    var escapeIntermediateByte: UInt8 = 0
    /// State libvterm keeps but does not expose (InputGuard+Modes.swift).
    var followed = FollowedModes()
    /// The CSI just completed saves the cursor (1048, 1049 set).
    var savesCursor = false
    /// The CSI just completed enters the alternate screen (47, 1047, 1049 set).
    var entersAlternateScreen = false
    /// Nothing that can move libvterm's cursor came after the last printed character (what a
    /// pending wrap needs, TerminalScreen+Image.swift).
    var printedLast = false
    /// The last character printed was not ASCII (see `translatesASCII`).
    var printedNonASCII = false
    /// Counts runs of printed text; `lastCellPlaceRun` says which one `lastCellPlace` describes.
    var printedRuns = 0
    var lastCellPlaceRun = -1

    init(clusters: ClusterTable) {
        shaper = TextShaper(table: clusters)
    }

    /// The bytes that print the last glyph `count` times without passing the row's end.
    func repetition(count: Int, columns: Int, cursorColumn: Int) -> [UInt8] {
        let (glyph, width) = shaper.lastCell
        guard !glyph.isEmpty else { return [] }
        let times = min(max(count, 1), max(0, columns - cursorColumn) / width)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(times * glyph.count)
        for _ in 0..<times { bytes += glyph }
        return bytes
    }

    /// Advances the parser by one byte and says what it completed.
    mutating func step(_ byte: UInt8) -> Event {
        if byte == 0x18 || byte == 0x1A {
            mode = .ground
            scalarNeeded = 0
            return .none
        }
        switch mode {
        case .ground: ground(byte)
        case .escape: return escape(byte)
        case .escapeIntermediate: return escapeIntermediate(byte)
        case .csi: return csi(byte)
        case .csiIgnore: return csiIgnore(byte)
        case .string: if byte == 0x1B { mode = .stringEscape } else if byte == 0x07 { mode = .ground }
        case .stringEscape:
            // libvterm 0.1.4 restarts the string after a NUL or DEL (`string_start = bytes + pos + 1`)
            // but keeps the pending ESC, so a following `\` gave the string a length of −1 and it read
            // far past the buffer (`ESC ] ESC NUL \`, libFuzzer `terminal`, ASan). xterm and tmux
            // ignore both there; the guard drops them.
            if byte == 0x00 || byte == 0x7F { return .dropStringByte }
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
            followShift(byte)
            if !Self.keepsCursor(control: byte) { printedLast = false }
        } else if byte >= 0x80 {
            decode(byte)
        }
    }

    private mutating func escape(_ byte: UInt8) -> Event {
        switch byte {
        case 0x1B: mode = .escape
        case UInt8(ascii: "8"):
            mode = .ground
            printedLast = false
            return .cursorRestored
        case UInt8(ascii: "7"):
            mode = .ground
            return .cursorSaved
        case UInt8(ascii: "["):
            mode = .csi
            csiCount = 0
            csiPlain = true
            csiPrivate = false
            csiBang = false
            csiLeader = 0
            csiHasIntermediates = false
            csiInFirstParameter = true
            sgrParams.removeAll(keepingCapacity: true)
            csiArguments = 1
            csiLength = 0
        case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "_"), UInt8(ascii: "^"), UInt8(ascii: "X"):
            mode = .string
        case 0x20...0x2F:
            mode = .escapeIntermediate
            escapeIntermediateByte = byte
        case UInt8(ascii: "c"):
            // RIS: libvterm resets its modes and margins.
            mode = .ground
            insertMode = false
            marginsReset()
            followed = .initial
            printedLast = false
        // C0 controls act without ending the sequence; DEL is ignored (libvterm, xterm, tmux).
        case 0x00...0x1A, 0x1C...0x1F, 0x7F: break
        case UInt8(ascii: "D"), UInt8(ascii: "E"), UInt8(ascii: "M"):
            // IND, NEL, RI move the cursor.
            mode = .ground
            printedLast = false
        case UInt8(ascii: "n"), UInt8(ascii: "o"):
            // LS2, LS3: G2 or G3 into GL.
            mode = .ground
            followed.gl = byte == UInt8(ascii: "n") ? 2 : 3
        default: mode = .ground
        }
        return .none
    }

    /// After `ESC` and intermediates, any byte from `0` to `~` ends the sequence (xterm, tmux), but
    /// libvterm 0.1.4 still starts a CSI at `[` (an OSC at `]`, a DCS at `P`): `ESC & [3b` reached
    /// it as REP, which loops forever when nothing has been printed yet (libFuzzer `terminal`).
    private mutating func escapeIntermediate(_ byte: UInt8) -> Event {
        switch byte {
        case 0x1B: mode = .escape
        case UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "P"):
            mode = .ground
            return .cancelFinal
        case 0x30...0x7E:
            mode = .ground
            followDesignation(byte)
        default: break
        }
        return .none
    }

    private mutating func csi(_ byte: UInt8) -> Event {
        csiLength += 1
        switch byte {
        case 0x1B:
            mode = .escape
            return .none
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            if csiInFirstParameter { csiCount = min(csiCount * 10 + Int(byte - 0x30), 1_000_000) }
            sgrParams.append(byte)
        case UInt8(ascii: ";"), UInt8(ascii: ":"):
            csiInFirstParameter = false
            csiArguments += 1
            sgrParams.append(byte)
        case 0x3C...0x3F:
            if csiLength == 1 { csiLeader = byte }
            csiPlain = false
            csiPrivate = true
        case 0x20...0x2F:
            csiPlain = false
            csiHasIntermediates = true
            csiBang = csiBang || byte == UInt8(ascii: "!")
        case 0x40...0x7E:
            mode = .ground
            followInsertMode(byte)
            followMargins(byte)
            followPrivateModes(byte)
            followSoftReset(byte)
            if !keepsCursor(csiFinal: byte) { printedLast = false }
            return finalEvent(byte)
        default: break
        }
        // The 17th argument of a CSI that cannot be an SGR is cancelled as soon as it is counted:
        // libvterm 0.1.4 overflows its argument array at that separator, whatever the final byte.
        let maxArguments = mayBeSGR ? Self.maxSGRArguments : Self.maxVTermArguments
        guard csiLength <= Self.maxHeldSequence, csiArguments <= maxArguments else {
            mode = .csiIgnore
            return .dropSequence
        }
        return .none
    }

    /// Takes `byte` at once when it is a parameter byte of the current CSI (a digit, `:` or `;`)
    /// that can neither end nor drop it: as `step` would, with nothing else to do for it. False
    /// for any other byte (it goes the long way).
    @inline(__always)
    mutating func takeParameter(_ byte: UInt8) -> Bool {
        guard mode == .csi, byte >= 0x30, byte <= 0x3B, csiLength + 1 < Self.maxHeldSequence,
            csiArguments < Self.maxVTermArguments
        else { return false }
        _ = csi(byte)
        return true
    }

    /// True while the current CSI may still end as an SGR (no private leader, no intermediates):
    /// only such a CSI is held past `maxVTermArguments`, to be rewritten and split at its final.
    private var mayBeSGR: Bool { csiPlain && !csiPrivate }

    /// Bytes of a CSI after too many arguments: swallowed up to and with its final byte.
    private mutating func csiIgnore(_ byte: UInt8) -> Event {
        switch byte {
        case 0x1B:
            mode = .escape
            return .none
        case 0x40...0x7E: mode = .ground
        default: break
        }
        return .swallow
    }

    /// (`mutating` though it changes nothing: `self` is then passed in place, where a
    /// non-mutating call from `csi` copied the whole guard once per sequence.)
    private mutating func finalEvent(_ byte: UInt8) -> Event {
        let isSGR = byte == UInt8(ascii: "m") && mayBeSGR
        if isSGR { return .selectGraphicRendition }
        // libvterm 0.1.4 crashes on a 17th argument; no sequence but SGR needs that many.
        if csiArguments > Self.maxVTermArguments { return .dropSequence }
        switch byte {
        case UInt8(ascii: "b") where csiPlain: return .repeatCharacter
        case UInt8(ascii: "u") where csiPlain: return .cursorRestored
        case UInt8(ascii: "h"), UInt8(ascii: "l"): return csiPrivate ? .cursorRestored : .none
        default: return .none
        }
    }

    /// Follows IRM (`CSI 4 h`, `CSI 4 l`; a soft reset, `CSI ! p`, clears it) in the sequences
    /// libvterm gets.
    private mutating func followInsertMode(_ final: UInt8) {
        guard csiArguments <= Self.maxVTermArguments else { return }
        if csiBang, final == UInt8(ascii: "p") {
            insertMode = false
        } else if csiPlain, final == UInt8(ascii: "h") || final == UInt8(ascii: "l") {
            let setsIRM = sgrParams.split(separator: UInt8(ascii: ";")).contains { $0.elementsEqual("4".utf8) }
            if setsIRM { insertMode = final == UInt8(ascii: "h") }
        }
    }

    /// Decodes one byte of a multi-byte scalar (the input is well-formed UTF-8).
    private mutating func decode(_ byte: UInt8) {
        if byte & 0xC0 == 0x80 {
            guard scalarNeeded > 0 else { return }
            scalarValue = scalarValue << 6 | UInt32(byte & 0x3F)
            scalarNeeded -= 1
            if scalarNeeded == 0 { finishScalar() }
            return
        }
        switch byte {
        case 0xC0...0xDF:
            scalarValue = UInt32(byte & 0x1F)
            scalarNeeded = 1
            scalarLength = 2
        case 0xE0...0xEF:
            scalarValue = UInt32(byte & 0x0F)
            scalarNeeded = 2
            scalarLength = 3
        default:
            scalarValue = UInt32(byte & 0x07)
            scalarNeeded = 3
            scalarLength = 4
        }
    }

    private mutating func finishScalar() {
        completedScalar = scalarValue
    }

    /// Forgets the last glyph and any partial sequence (after a hard reset).
    mutating func reset() {
        let clusters = shaper.table
        self = InputGuard(clusters: clusters)
    }
}
