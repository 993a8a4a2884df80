// Where the list, the wall and its tiles go for a terminal size. Pure maths, shared by `reduce`
// (which tiles are visible, so which streams to open) and the views (where to draw them).
// Any size from 1×1 up gives a valid, possibly empty, layout.

/// The arrangement of the sessions page (`MainPage.sessions`).
public struct SessionsPageLayout: Hashable, Sendable {
    /// How the body is split.
    public enum Kind: Hashable, Sendable {
        /// Too narrow or short for tiles: the list alone.
        case listOnly
        /// The list on the left, the wall on the right.
        case listBeside
        /// The list on top, the wall below.
        case listAbove
        /// One zoomed tile fills the body.
        case zoom
    }

    /// The split.
    public var kind: Kind
    /// The top line (title, servers, unread).
    public var header: Rect
    /// The bottom line (status and key hints).
    public var footer: Rect
    /// The session list (empty in zoom).
    public var list: Rect
    /// The wall area (empty in list-only).
    public var wall: Rect
    /// The tile slots, row-major, at most `tileChoices.last`.
    public var tiles: [Rect]

    /// Tile counts the wall uses.
    public static let tileChoices = [1, 2, 4, 6, 9]
    /// The smallest tile, border included.
    public static let minTile = GridSize(cols: 32, rows: 8)
    /// Narrower than this, the list is shown alone.
    public static let minWallColumns = 80

    /// The layout for `size` with `liveCount` sessions that can have tiles.
    public static func compute(size: GridSize, liveCount: Int, listRows: Int, zoomed: Bool) -> SessionsPageLayout {
        let all = Rect(x: 0, y: 0, width: size.cols, height: size.rows)
        let (header, afterHeader) = all.splitTop(size.rows >= 2 ? 1 : 0)
        let (body, footer) = afterHeader.splitBottom(size.rows >= 3 ? 1 : 0)
        var layout = SessionsPageLayout(
            kind: .listOnly, header: header, footer: footer, list: body, wall: .zero, tiles: [])
        if zoomed && liveCount > 0 && body.width >= 10 && body.height >= 4 {
            layout.kind = .zoom
            layout.list = .zero
            layout.wall = body
            layout.tiles = [body]
            return layout
        }
        guard size.cols >= minWallColumns, body.height >= 10, liveCount > 0 else { return layout }
        if size.cols >= 140 {
            let (list, wall) = body.splitLeft(min(max(size.cols * 2 / 5, 50), 70))
            layout.kind = .listBeside
            (layout.list, layout.wall) = (list, wall)
        } else {
            let (list, wall) = body.splitTop(min(max(listRows + 1, 4), body.height / 3))
            layout.kind = .listAbove
            (layout.list, layout.wall) = (list, wall)
        }
        layout.tiles = tiles(in: layout.wall, wanted: liveCount)
        return layout
    }

    /// Slots for up to `wanted` tiles in `wall`: the smallest choice that holds them all, or the
    /// largest that fits when there are more.
    public static func tiles(in wall: Rect, wanted: Int) -> [Rect] {
        let fitting = tileChoices.filter { n in
            let (c, r) = grid(for: n, in: wall)
            return wall.width / c >= minTile.cols && wall.height / r >= minTile.rows
        }
        guard let maxFit = fitting.last else { return [] }
        let count = fitting.first { $0 >= wanted } ?? maxFit
        let (cols, rows) = grid(for: count, in: wall)
        var slots: [Rect] = []
        for r in 0..<rows {
            for c in 0..<cols {
                let x0 = wall.x + wall.width * c / cols
                let x1 = wall.x + wall.width * (c + 1) / cols
                let y0 = wall.y + wall.height * r / rows
                let y1 = wall.y + wall.height * (r + 1) / rows
                slots.append(Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
            }
        }
        return slots
    }

    /// Columns × rows of the tile grid for `n` tiles; wide walls put more tiles side by side
    /// (a terminal cell is about twice as tall as it is wide).
    static func grid(for n: Int, in wall: Rect) -> (cols: Int, rows: Int) {
        let wide = wall.width >= wall.height * 4
        switch n {
        case 1: return (1, 1)
        case 2: return wide ? (2, 1) : (1, 2)
        case 4: return (2, 2)
        case 6: return wide ? (3, 2) : (2, 3)
        default: return (3, 3)
        }
    }
}

extension Rect {
    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)
}
