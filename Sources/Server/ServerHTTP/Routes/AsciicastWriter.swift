// Writes a pane's journal as asciicast v2 (asciinema's format): the header with the screen's
// size and the start time, the screen as it stood at the start as one output event at 0, then
// each output record (never splitting a UTF-8 character between two events; invalid bytes become
// U+FFFD), a resize and a redraw where the mirror started over at another size or from tmux's
// picture, and marks as markers. Times are seconds from the start.
import Foundation
import ServerCore

struct AsciicastWriter {
    private(set) var bytes: [UInt8] = []
    private(set) var started = false
    private var startUs: Int64 = 0
    private var chunker = UTF8Chunker()

    /// Starts with `screen`, as it stood at its moment.
    mutating func start(_ screen: JournalScreenImage) -> Bool {
        started = true
        startUs = screen.us
        let header =
            "{\"version\": 2, \"width\": \(screen.cols), \"height\": \(screen.rows), \"timestamp\": \(screen.us / 1_000_000)}\n"
        bytes += Array(header.utf8)
        line(0, "o", String(decoding: screen.bytes, as: UTF8.self))
        return true
    }

    /// Adds `event` at `us`.
    mutating func add(_ event: JournalEvent, at us: Int64) -> Bool {
        let seconds = Double(max(us - startUs, 0)) / 1_000_000
        switch event {
        case .output(let data):
            let text = chunker.text(data)
            if !text.isEmpty { line(seconds, "o", text) }
        case .restart(let rows, let cols, let data):
            line(seconds, "r", "\(cols)x\(rows)")
            line(seconds, "o", String(decoding: data, as: UTF8.self))
        case .mark(let kind, let text):
            line(seconds, "m", text.isEmpty ? kind : "\(kind): \(text)")
        }
        return true
    }

    private mutating func line(_ seconds: Double, _ code: String, _ text: String) {
        bytes += Array("[\(String(format: "%.6f", seconds)), \"\(code)\", \"".utf8)
        bytes += JSONStringEscaper.escaped(text)
        bytes += Array("\"]\n".utf8)
    }
}
