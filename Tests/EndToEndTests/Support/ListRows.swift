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

    /// The rows of sessions with a ticket key; with `unticketed`, every session's row (a row
    /// without a ticket has an empty key).
    init(_ screen: String, unticketed: Bool = false) {
        rows = screen.split(separator: "\n").compactMap { line in
            let text = String(line)
            guard text.contains("●"), !text.contains("┌"), !text.contains("│"),
                let key = Self.ticketKey(in: text) ?? (unticketed ? "" : nil)
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
        try await selectRow(named: key, unticketed: false, sourceLocation: sourceLocation) { $0.key == key }
    }

    /// Moves the list selection to the first row whose line contains `text` (sessions with or
    /// without a ticket), as `select` does.
    func select(rowContaining text: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await selectRow(named: text, unticketed: true, sourceLocation: sourceLocation) { $0.line.contains(text) }
    }

    /// After each key it waits for the selection itself to move, not for any change on the
    /// screen (live tiles change it all the time), so keys are never sent ahead of what is drawn.
    private func selectRow(
        named name: String, unticketed: Bool, sourceLocation: SourceLocation, _ wanted: (ListRows.Row) -> Bool
    ) async throws {
        for _ in 0..<40 {
            let list = ListRows(await tmux.screen(), unticketed: unticketed)
            guard let target = list.rows.firstIndex(where: wanted),
                let current = list.rows.firstIndex(where: \.selected)
            else { break }
            if target == current { return }
            try await tmux.send(keys: target > current ? "j" : "k")
            _ = await tmux.waitForScreen(timeout: 5) {
                ListRows($0, unticketed: unticketed).rows.firstIndex(where: \.selected) != current
            }
        }
        let screen = await tmux.screen()
        let selected = ListRows(screen, unticketed: unticketed).rows.first(where: \.selected)
        try #require(selected.map(wanted) == true, "cannot select \(name):\n\(screen)", sourceLocation: sourceLocation)
    }
}
