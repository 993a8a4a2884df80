// A captured pane as a grid of terminal columns (wide characters take two), and the UI's tiles
// found in it: boxes drawn with `┌ label ┐ … └┘`. Box corners inside a tile (an agent drawing its
// own boxes) belong to that tile's content, not to a new tile.
import CSupport

/// One tile of the wall: its label (the top border's text) and its content rows.
struct TileText {
    var label: String
    var content: [String]
    var text: String { content.joined(separator: "\n") }
}

/// A captured screen, addressable by row and column.
struct ScreenGrid {
    /// `rows[r][c]` is the character starting at column c, or nil for the second half of a wide one.
    let rows: [[Character?]]

    init(_ screen: String) {
        rows = screen.split(separator: "\n", omittingEmptySubsequences: false).map(Self.columns)
    }

    private static func columns(_ line: Substring) -> [Character?] {
        var cells: [Character?] = []
        for character in line {
            cells.append(character)
            let width = character.unicodeScalars.first.map { csupport_wcwidth_utf8($0.value) } ?? 1
            if width == 2 { cells.append(nil) }
        }
        return cells
    }

    func cell(_ row: Int, _ col: Int) -> Character? {
        guard rows.indices.contains(row), rows[row].indices.contains(col) else { return nil }
        return rows[row][col]
    }

    /// The text of `row` between two columns (end exclusive).
    func text(row: Int, from start: Int, to end: Int) -> String {
        guard rows.indices.contains(row) else { return "" }
        let line = rows[row]
        let lower = min(max(start, 0), line.count)
        let upper = min(max(end, lower), line.count)
        return String(line[lower..<upper].compactMap { $0 })
    }

    /// Every tile on the screen, top to bottom, left to right.
    var tiles: [TileText] {
        var found: [(top: Int, left: Int, bottom: Int, right: Int)] = []
        var result: [TileText] = []
        for row in rows.indices {
            for col in rows[row].indices where rows[row][col] == "┌" {
                if found.contains(where: { (row >= $0.top && row <= $0.bottom) && (col >= $0.left && col <= $0.right) })
                {
                    continue
                }
                guard let right = (col + 1..<rows[row].count).first(where: { rows[row][$0] == "┐" }),
                    let bottom = (row + 1..<rows.count).first(where: { cell($0, col) == "└" })
                else { continue }
                found.append((row, col, bottom, right))
                let content = (row + 1..<bottom).map { text(row: $0, from: col + 1, to: right) }
                result.append(TileText(label: text(row: row, from: col + 1, to: right), content: content))
            }
        }
        return result
    }

    /// The tile whose label mentions `key` (a ticket key), if any.
    func tile(_ key: String) -> TileText? {
        tiles.first { $0.label.contains(key) }
    }
}

extension TileText {
    /// The label carries the waiting badge.
    var labelSaysWaiting: Bool { label.contains("◆") }
}
