// `CellBuffer.box` draws its edges with fills; the result must equal drawing every edge with
// `put`, also where wide characters cross the box's edges.

import ClientCore
import TUI
import Testing

@Suite struct BoxTests {
    /// The box as `put` draws it, character by character.
    private static func reference(_ frame: inout CellBuffer, _ rect: Rect, style: Style, glyphs: Glyphs) {
        let h = String(repeating: glyphs.horizontal, count: rect.width - 2)
        frame.put(glyphs.topLeft + h + glyphs.topRight, row: rect.y, col: rect.x, style: style, clip: rect)
        frame.put(
            glyphs.bottomLeft + h + glyphs.bottomRight, row: rect.maxY - 1, col: rect.x, style: style, clip: rect)
        for r in (rect.y + 1)..<(rect.maxY - 1) {
            frame.put(glyphs.vertical, row: r, col: rect.x, style: style, clip: rect)
            frame.put(glyphs.vertical, row: r, col: rect.maxX - 1, style: style, clip: rect)
        }
    }

    @Test(arguments: [Glyphs.unicode, Glyphs.ascii])
    func boxEqualsDrawingItsEdgesWithPut(glyphs: Glyphs) {
        var base = CellBuffer(size: GridSize(cols: 16, rows: 6))
        for r in 0..<6 { base.put(String(repeating: "漢", count: 8), row: r, col: r % 2, style: Style(fg: .indexed(3))) }
        let style = Style(fg: .indexed(2), attrs: [.bold])
        for rect in [
            Rect(x: 1, y: 0, width: 9, height: 5), Rect(x: 2, y: 1, width: 2, height: 2),
            Rect(x: 0, y: 0, width: 16, height: 6),
        ] {
            var fast = base
            fast.box(rect, style: style, glyphs: glyphs)
            var slow = base
            Self.reference(&slow, rect, style: style, glyphs: glyphs)
            #expect(fast == slow, "\(rect)")
        }
    }
}
