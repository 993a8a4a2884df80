// Line-oriented output that is flushed at once, so `watch` works through pipes, plus JSON
// printing in the protocol's own wire format.

import ClaudePMProtocol
import Foundation

/// Writes to stdout and stderr.
enum Console {
    /// Prints a line on stdout and flushes it.
    static func line(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    /// Prints on stderr.
    static func error(_ text: String, newline: Bool = true) {
        FileHandle.standardError.write(Data((text + (newline ? "\n" : "")).utf8))
    }

    /// Prints a value as JSON, pretty or as one line.
    static func json<T: Encodable>(_ value: T, pretty: Bool = true) throws {
        let encoder = ClaudePMJSON.encoder()
        if pretty { encoder.outputFormatting.insert(.prettyPrinted) }
        line(String(decoding: try encoder.encode(value), as: UTF8.self))
    }

    /// Prints rows as left-aligned columns.
    static func table(_ header: [String], _ rows: [[String]]) {
        let all = [header] + rows
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
