// A deterministic generator of "mixed ANSI" terminal output for the flood benchmark: coloured
// log lines (16, 256 and 24-bit colours), wide characters (CJK, emoji), progress bars redrawn in
// place with CR + erase-line, and cursor-up redraws, like a busy build or an agent's output.
// The same seed always gives the same bytes, so runs on different machines compare.

/// Writes a reproducible stream of mixed terminal output.
struct ANSIGenerator {
    /// The text of the final line, which the flood benchmark waits for.
    static let endMarker = "FLOOD-END-MARK"

    private var state: UInt64

    /// A generator with a fixed seed.
    init(seed: UInt64 = 0x5EED_C1A0_DE_2026) { state = seed }

    private mutating func next() -> UInt64 {
        // xorshift64*: small, fast and the same everywhere.
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 2_685_821_657_736_338_717
    }

    private mutating func pick(_ n: Int) -> Int { Int(next() % UInt64(n)) }

    private static let words = [
        "compiling", "linking", "module", "request", "cache", "tests", "passed", "warning", "session",
        "ticket", "render", "frame", "socket", "buffer", "résumé", "naïve", "Ωmega", "λambda",
    ]
    private static let wide = ["漢字", "日本語", "한국어", "中文", "🚀", "✅", "🔥", "表示", "🎉"]

    /// Produces about `bytes` bytes (a little more: whole lines), ending with the end marker line.
    mutating func generate(bytes: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes + 256)
        var line = 0
        while out.count < bytes {
            switch pick(10) {
            case 0: appendProgress(&out)
            case 1: appendRedraw(&out)
            default: appendLogLine(&out, number: line)
            }
            line += 1
        }
        out += Array("\u{1B}[0m\r\n\(Self.endMarker)\r\n".utf8)
        return out
    }

    private mutating func appendLogLine(_ out: inout [UInt8], number: Int) {
        var text = "\u{1B}[38;5;\(pick(256))m\(number)\u{1B}[0m "
        switch pick(3) {
        case 0: text += "\u{1B}[1;3\(pick(8))m"
        case 1: text += "\u{1B}[38;2;\(pick(256));\(pick(256));\(pick(256))m"
        default: text += "\u{1B}[4\(pick(8));9\(pick(8))m"
        }
        var width = 0
        while width < 50 + pick(40) {
            let word = pick(5) == 0 ? Self.wide[pick(Self.wide.count)] : Self.words[pick(Self.words.count)]
            text += word + " "
            width += word.unicodeScalars.count * 2 + 1
        }
        text += "\u{1B}[0m\r\n"
        out += Array(text.utf8)
    }

    private mutating func appendProgress(_ out: inout [UInt8]) {
        for step in stride(from: 0, through: 100, by: 10 + pick(15)) {
            let bar = String(repeating: "█", count: step / 5) + String(repeating: "░", count: 20 - step / 5)
            out += Array("\r\u{1B}[2K\u{1B}[32m[\(bar)]\u{1B}[0m \(step)%".utf8)
        }
        out += Array("\r\n".utf8)
    }

    private mutating func appendRedraw(_ out: inout [UInt8]) {
        out += Array("status: \u{1B}[33mworking\u{1B}[0m\r\nitems: \(pick(1000))\r\n".utf8)
        out += Array("\u{1B}[2A\r\u{1B}[2Kstatus: \u{1B}[1;32mdone\u{1B}[0m\u{1B}[2B\r".utf8)
    }
}
