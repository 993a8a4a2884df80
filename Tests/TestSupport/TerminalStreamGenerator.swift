// Seeded terminal output of the kinds the fidelity corpus exercises: text (ASCII, CJK, emoji,
// combining marks), line feeds and full-width lines, SGR of every attribute and colour form,
// erases with a background (EL, ED, ECH), cursor moves, scroll regions with index and reverse
// index, insert and delete, DEC line drawing through G0 and through G1 with SO/SI, cursor saves
// and restores, the alternate screen, modes (cursor keys, keypad, bracketed paste, mouse,
// autowrap, origin, insert), titles and tabs. The seam tests cut such a stream anywhere.
//
// With `avoidingKnownLimits` it leaves out what a snapshot is known not to carry exactly
// (docs/terminal.md, "Snapshots"), which ScreenImageLimitTests record one by one: a tab, an erase,
// an insert or a delete, or the switch to the alternate screen, right after a character printed in
// the last column (libvterm still waits to wrap, and the snapshot cannot tell: such pieces start
// from a position of their own here),
// origin mode (a restore can put the cursor outside the scroll region, where no position sequence
// reaches), insert mode (a combining mark that starts the bytes after a snapshot does not join
// the cell before it there), and an explicit `ESC ( B` or a line-drawing set left in G0 (libvterm then decodes text
// in pieces and a combining mark at the last column no longer joins).

/// Generates terminal output from a seed.
public struct TerminalStreamGenerator {
    private var random: SeededGenerator
    /// The screen size the moves are drawn for.
    public let rows: Int
    public let cols: Int
    /// Leave out what snapshots are known not to carry (see the file's header).
    public let avoidingKnownLimits: Bool

    /// A generator for a `rows` × `cols` screen.
    public init(seed: UInt64, rows: Int, cols: Int, avoidingKnownLimits: Bool = false) {
        random = SeededGenerator(seed: seed)
        self.rows = rows
        self.cols = cols
        self.avoidingKnownLimits = avoidingKnownLimits
    }

    /// About `pieces` pieces of output, as bytes.
    public mutating func stream(pieces: Int) -> [UInt8] {
        var out: [UInt8] = []
        for _ in 0..<pieces { out += Array(piece().utf8) }
        return out
    }

    private mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }

    private mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }

    /// One piece of output of a random kind.
    public mutating func piece() -> String {
        var piece = anyPiece()
        guard avoidingKnownLimits else { return piece }
        let e = "\u{1B}"
        while piece.contains("\(e)[?6h") || piece.contains("\(e)(") || piece == "\(e)[4h" { piece = anyPiece() }
        let edits =
            piece.contains("\t") || piece.hasPrefix("\(e)[4") || piece.hasSuffix("7h") || piece.hasSuffix("?47h")
            || ["@", "P", "K", "J", "X"].contains { piece.hasSuffix($0) }
        return edits ? "\(e)[\(int(1...rows));\(int(1...max(1, cols - 1)))H" + piece : piece
    }

    private mutating func anyPiece() -> String {
        let e = "\u{1B}"
        switch int(0...19) {
        case 0...4: return text()
        case 5: return pick(["\r\n", "\n", "\r", "\u{08}", "\t"])
        case 6: return "\(e)[\(sgr())m"
        case 7:
            return
                "\(e)[\(pick(["41", "44", "48;5;22", "48;2;30;60;90", "0"]))m\(e)[\(pick(["K", "1K", "2K", "J", "1J", "\(int(1...8))X"]))"
        case 8: return "\(e)[\(int(1...rows));\(int(1...cols))H"
        case 9: return "\(e)[\(int(1...5))\(pick(["A", "B", "C", "D", "G", "d"]))"
        case 10: return region()
        case 11: return "\(e)[\(int(1...3))\(pick(["L", "M", "@", "P", "S", "T"]))"
        case 12:
            return pick(["\(e)(0lqqwqk\(e)(B", "\(e)(0x", "\(e)(B", "\(e))0\u{0E}tqu\u{0F}", "\(e))0\u{0E}jm\u{0F}"])
        case 13: return pick(["\(e)7", "\(e)8", "\(e)[s", "\(e)[u"])
        case 14: return pick(["\(e)[?1049h", "\(e)[?1049l", "\(e)[?47h", "\(e)[?47l"])
        case 15:
            return pick([
                "\(e)[?1h", "\(e)[?1l", "\(e)=", "\(e)>", "\(e)[?2004h", "\(e)[?1000h\(e)[?1006h",
                "\(e)[?7l", "\(e)[?7h", "\(e)[?6h", "\(e)[?6l", "\(e)[4h", "\(e)[4l", "\(e)[?25l", "\(e)[?25h",
            ])
        case 16: return "\(e)]2;title \(int(0...99))\u{07}"
        case 17: return String(repeating: pick(["=", "─", "x"]), count: cols)
        case 18: return pick(["\(e)D", "\(e)M", "\(e)E"])
        default: return String(repeating: "a", count: int(1...cols))
        }
    }

    private mutating func text() -> String {
        let words = ["hello", "ok", "漢字", "😀", "e\u{301}", "naïve", "│", "⏺", "👍🏽", "tab\t", "$ ls -la", "→"]
        return (0..<int(1...4)).map { _ in pick(words) }.joined(separator: " ")
    }

    private mutating func sgr() -> String {
        pick([
            "0", "1", "2", "3", "4", "4:3", "5", "7", "8", "9", "53", "22", "24", "27", "31", "92",
            "38;5;\(int(0...255))",
            "38;2;\(int(0...255));\(int(0...255));\(int(0...255))", "45", "48;5;\(int(0...255))", "39", "49",
            "1;38;2;215;119;87",
        ])
    }

    private mutating func region() -> String {
        let top = int(1...max(1, rows - 1))
        return pick(["\u{1B}[\(top);\(int(top...rows))r", "\u{1B}[r"])
    }
}
