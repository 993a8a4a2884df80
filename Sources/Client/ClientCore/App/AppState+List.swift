// The session list's rows (server and project headings plus sessions) and its scroll window,
// shared by the list view (drawing) and `reduce` (mouse clicks), so both agree on every row.

/// One row of the session list.
public enum ListRow: Hashable, Sendable {
    /// A server heading.
    case server(String)
    /// A project heading within a server.
    case project(server: String, name: String)
    /// A session.
    case session(SessionKey)
}

extension AppState {
    /// All list rows in order (of the shown sessions).
    public var listRows: [ListRow] { shownSlots.listRows }

    /// The rows visible in a list of `height` rows, scrolled so the selection is shown (only
    /// those rows are built).
    public func listWindow(height: Int) -> ArraySlice<ListRow> {
        guard height > 0 else { return [] }
        let shown = self.shown
        let selected = selection.flatMap { shown.row(of: $0) } ?? 0
        let start = selected < height ? 0 : selected - height + 1
        return ArraySlice(shown.rows(from: start, count: height))
    }

    /// For each row of `list` (a rect whose first row is a column header), the session drawn
    /// there, or nil for headings and blank rows.
    public func listRowKeys(in list: Rect) -> [SessionKey?] {
        let window = Array(listWindow(height: max(list.height - 1, 0)))
        var keys: [SessionKey?] = [nil]
        for row in window {
            if case .session(let key) = row { keys.append(key) } else { keys.append(nil) }
        }
        while keys.count < list.height { keys.append(nil) }
        return keys
    }
}
