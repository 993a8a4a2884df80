// The output the TUI scenarios run in their sessions: coloured log lines at a fixed byte rate,
// written in 10 ms bursts. Every line starts with `@<tag>:<stamp>`, the burst's scheduled time in
// CLOCK_MONOTONIC milliseconds (one clock for every process on the machine), and the newest stamp
// written is also kept in a small file, so the bench can tell how far behind a tile's drawing is.
import Foundation

/// Milliseconds of CLOCK_MONOTONIC, the same clock in every process.
func monotonicMilliseconds() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
}

/// Writes paced, stamped, coloured lines to standard output.
struct OutputGenerator {
    /// Milliseconds between bursts.
    static let burstMilliseconds: Int64 = 10
    /// The final line written after `lines` lines.
    static func doneMarker(tag: Int) -> String { "GEN-DONE-\(tag)" }

    let bytesPerSecond: Int
    let tag: Int
    let stampFile: String?
    /// Stop after this many lines (nil: run until killed).
    let lines: Int?

    private static let words = [
        "compiling", "linking", "module", "request", "cache", "tests", "passed", "warning", "session",
        "ticket", "render", "frame", "socket", "buffer", "résumé", "naïve", "漢字", "🚀",
    ]

    /// The line `number` of a burst stamped `stamp` (about 100 bytes, 70–90 columns).
    static func line(tag: Int, stamp: Int64, number: Int) -> [UInt8] {
        var text = "@\(tag):\(stamp) \u{1B}[38;5;\(number % 216 + 16)m\(number)\u{1B}[0m"
        var index = number
        for part in 0..<7 {
            index = index &* 1_103_515_245 &+ 12_345
            let word = words[Int(UInt32(truncatingIfNeeded: index >> 8)) % words.count]
            text += part % 2 == 0 ? " \u{1B}[3\(part + 1)m\(word)\u{1B}[0m" : " \(word)"
        }
        return Array((text + "\r\n").utf8)
    }

    /// Runs until killed, or until `lines` lines were written (then writes the done marker).
    func run() {
        let stamps = stampFile.map { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644) } ?? -1
        var due = monotonicMilliseconds()
        var credit = 0.0
        var written = 0
        let perBurst = Double(bytesPerSecond) * Double(Self.burstMilliseconds) / 1000
        while lines.map({ written < $0 }) ?? true {
            var burst: [UInt8] = []
            credit += perBurst
            while Double(burst.count) < credit, lines.map({ written < $0 }) ?? true {
                burst += Self.line(tag: tag, stamp: due, number: written)
                written += 1
            }
            credit -= Double(burst.count)
            try? FDIO.writeAll(STDOUT_FILENO, burst)
            if stamps >= 0 {
                _ = Array(String(format: "%-20lld\n", due).utf8).withUnsafeBytes {
                    pwrite(stamps, $0.baseAddress, $0.count, 0)
                }
            }
            due += Self.burstMilliseconds
            let wait = due - monotonicMilliseconds()
            if wait > 0 { usleep(UInt32(wait * 1000)) }
        }
        try? FDIO.writeAll(STDOUT_FILENO, Array("\(Self.doneMarker(tag: tag))\r\n".utf8))
        while true { pause() }
    }

    /// Reads the newest stamp a generator wrote to `path`.
    static func readStamp(_ path: String) -> Int64? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        return Int64(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
