// The one consumer both paths share: feeds every received chunk into a TerminalScreen and waits
// until a condition on the screen holds. "Drawn" means exactly that: the bytes were fed and the
// expected cell is visible. A watchdog closes the link if a run takes far too long.
import Foundation
import TerminalScreen

/// Feeds a link's output into a screen.
final class ScreenDriver {
    let screen: TerminalScreen
    private var iterator: AsyncStream<[UInt8]>.AsyncIterator
    /// Bytes fed so far.
    private(set) var bytesFed = 0

    init(link: any TerminalLink, rows: Int, cols: Int) {
        screen = TerminalScreen(rows: rows, cols: cols, scrollbackLimit: 1000)
        iterator = link.output.makeAsyncIterator()
    }

    /// Feeds output until `condition` holds; throws if the link ends first.
    func waitUntil(_ what: String, _ condition: (TerminalScreen) -> Bool) async throws {
        while !condition(screen) {
            guard let chunk = await iterator.next() else { throw BenchError.timeout("\(what); screen: \(visibleText)") }
            bytesFed += chunk.count
            screen.feed(chunk)
        }
    }

    /// The non-blank rows, for error messages.
    var visibleText: String {
        (0..<screen.rows).map { screen.text(row: $0) }.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .joined(separator: " | ")
    }

    /// True when some row starts with `text` (cheap first-cell check before building the row).
    func anyRowStarts(with text: String) -> Bool {
        guard let first = text.first.map(String.init) else { return false }
        for row in 0..<screen.rows where screen.cell(row: row, col: 0).text == first {
            if screen.text(row: row).hasPrefix(text) { return true }
        }
        return false
    }
}

/// Closes a link after `limit` unless cancelled first.
func watchdog(_ link: any TerminalLink, limit: Duration) -> Task<Void, Never> {
    Task {
        try? await Task.sleep(for: limit)
        if !Task.isCancelled { await link.close() }
    }
}
