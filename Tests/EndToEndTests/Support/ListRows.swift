// The session list as a person reads it: one row per session with a `●` status dot and the
// ticket key; the selected row starts with `▶`. Plus moving the selection to a session.
import Foundation
import Testing

/// The session rows on a captured screen.
struct ListRows {
    /// One session row: its ticket key, whether it is selected, and the whole line.
    struct Row {
        var key: String
        var selected: Bool
        var line: String
    }

    let rows: [Row]

    init(_ screen: String) {
        rows = screen.split(separator: "\n").compactMap { line in
            let text = String(line)
            guard text.contains("●"), !text.contains("┌"), !text.contains("│"),
                let key = Self.ticketKey(in: text)
            else { return nil }
            return Row(key: key, selected: text.hasPrefix("▶"), line: text)
        }
    }

    /// The first ticket key (`ABC-123`) on a line.
    static func ticketKey(in line: String) -> String? {
        guard let range = line.range(of: #"\b[A-Z]{2,5}-[0-9]{3}\b"#, options: .regularExpression) else { return nil }
        return String(line[range])
    }

    /// The key of the first row containing `text` (e.g. `◆ question`).
    func key(where text: String) -> String? {
        rows.first { $0.line.contains(text) }?.key
    }

    /// The selected row's key.
    var selectedKey: String? { rows.first(where: \.selected)?.key }
}

extension UIWorld {
    /// Moves the list selection to the session of ticket `key` with j/k, one step at a time
    /// (rows may reorder while it moves), and requires that it got there.
    func select(_ key: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        for _ in 0..<20 {
            let list = ListRows(await tmux.screen())
            guard let target = list.rows.firstIndex(where: { $0.key == key }),
                let current = list.rows.firstIndex(where: \.selected)
            else { break }
            if target == current { return }
            try await tmux.send(keys: target > current ? "j" : "k")
            _ = await tmux.waitForScreen(timeout: 5) { ListRows($0).rows.firstIndex(where: \.selected) != current }
        }
        let screen = await tmux.screen()
        try #require(
            ListRows(screen).selectedKey == key, "cannot select \(key):\n\(screen)", sourceLocation: sourceLocation)
    }
}
