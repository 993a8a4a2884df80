// The ticket board as a person reads it: column headers (`Backlog (5)`, `Review (2)`, …) on one
// row, and each ticket key in the column whose header starts at or left of it.

/// Which board column shows which ticket keys.
struct BoardColumns {
    /// Column name (`Backlog`, `In Progress`, `Review`, `Done`) → ticket keys shown under it.
    let keys: [String: Set<String>]
    /// Column name → the text of its cards, line by line (titles of tickets with no key too).
    let lines: [String: [String]]

    init(_ screen: String) {
        let grid = ScreenGrid(screen)
        let names = ["Backlog", "In Progress", "Review", "Done"]
        var starts: [(name: String, col: Int)] = []
        var headerRow = -1
        for row in grid.rows.indices {
            let line = grid.text(row: row, from: 0, to: grid.rows[row].count)
            guard names.allSatisfy({ line.contains("\($0) (") }) else { continue }
            headerRow = row
            starts = names.compactMap { name in Self.column(of: "\(name) (", row: row, in: grid).map { (name, $0) } }
            break
        }
        var keys: [String: Set<String>] = [:]
        var lines: [String: [String]] = [:]
        for row in grid.rows.indices where row > headerRow && headerRow >= 0 {
            let line = grid.rows[row]
            for (index, column) in starts.enumerated() {
                let end = index + 1 < starts.count ? starts[index + 1].col : line.count
                let text = grid.text(row: row, from: column.col, to: end)
                lines[column.name, default: []].append(text)
                if let key = ListRows.ticketKey(in: text) { keys[column.name, default: []].insert(key) }
            }
        }
        self.keys = keys
        self.lines = lines
    }

    /// The column a card line containing `text` is shown in, if any.
    func column(containing text: String) -> String? {
        lines.first { $0.value.contains { $0.contains(text) } }?.key
    }

    /// The column `key` is shown in, if any.
    func column(of key: String) -> String? {
        keys.first { $0.value.contains(key) }?.key
    }

    private static func column(of text: String, row: Int, in grid: ScreenGrid) -> Int? {
        let cells = grid.rows[row]
        let needle = Array(text)
        for start in cells.indices where start + needle.count <= cells.count {
            if cells[start..<start + needle.count].elementsEqual(needle.map { Optional($0) }) { return start }
        }
        return nil
    }
}
