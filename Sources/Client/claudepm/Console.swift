// Line-oriented output that is flushed at once, so `watch` works through pipes, plus JSON
// printing in the protocol's own wire format. Plain text is made terminal-safe
// (TerminalSafeText); a reader that went away (`| head`) ends the command as SIGPIPE would,
// quietly, instead of a Foundation trap.

import ClaudePMProtocol
import ClientCore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Writes to stdout and stderr.
enum Console {
    /// Prints a line on stdout and flushes it; terminal-active characters are shown escaped.
    static func line(_ text: String) {
        write(1, TerminalSafeText.escaped(text, keepNewlines: true) + "\n")
    }

    /// Prints a line of JSON (already escaped by the encoder) as it is.
    static func rawLine(_ text: String) {
        write(1, text + "\n")
    }

    /// Prints on stderr (terminal-safe too: error messages quote server text).
    static func error(_ text: String, newline: Bool = true) {
        write(2, TerminalSafeText.escaped(text, keepNewlines: true) + (newline ? "\n" : ""))
    }

    /// Warns on stderr of each `kind` record a server sent that could not be read and was left out.
    static func skipped(server: String, kind: String, _ reasons: [String]) {
        for reason in reasons { error("warning: \(server): a \(kind) record was skipped (\(reason))") }
    }

    /// Writes everything; a closed pipe ends the process as SIGPIPE does (status 141, no message).
    private static func write(_ fd: Int32, _ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                if errno == EPIPE { diedOfBrokenPipe() }
                return
            }
            offset += n
        }
        bytes.removeAll()
    }

    private static func diedOfBrokenPipe() -> Never {
        signal(SIGPIPE, SIG_DFL)
        raise(SIGPIPE)
        _exit(128 + SIGPIPE)
    }

    /// Prints a value as JSON, pretty or as one line.
    static func json<T: Encodable>(_ value: T, pretty: Bool = true) throws {
        let encoder = ClaudePMJSON.encoder()
        if pretty { encoder.outputFormatting.insert(.prettyPrinted) }
        rawLine(String(decoding: try encoder.encode(value), as: UTF8.self))
    }

    /// Prints rows as left-aligned columns.
    static func table(_ header: [String], _ rows: [[String]]) {
        let all = ([header] + rows).map { $0.map { TerminalSafeText.escaped($0) } }
        var widths = [Int](repeating: 0, count: header.count)
        for row in all {
            for (index, cell) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], cell.count)
            }
        }
        for row in all {
            let cells = row.enumerated().map { index, cell in
                index == row.count - 1 ? cell : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }
            line(cells.joined(separator: "  "))
        }
    }
}
