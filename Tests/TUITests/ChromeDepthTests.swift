// The chrome at every colour depth: golden style maps (runs of equal style per row) for
// truecolor, 256, 16 and 8 colours and NO_COLOR, and the readability rule: at 8 and 16 colours
// no chrome text is black on the default background or drawn in its own background colour;
// without colour only attributes remain.

import ClientCore
import TUI
import TestSupport
import Testing

@Suite struct ChromeDepthTests {
    /// The wall scene without live screens: every cell is chrome.
    static func frame(depth: ColourDepth) -> CellBuffer {
        let state = SceneFixtures.state(size: GridSize(cols: 100, rows: 16))
        let renderer = Renderer(surface: RecordingSurface(size: state.size), depth: depth)
        return renderer.frame(state: state, screens: [:]).0
    }

    static func describe(_ color: Color) -> String {
        switch color {
        case .default: "-"
        case .indexed(let i): "\(i)"
        case .rgb(let r, let g, let b): "#" + [r, g, b].map { String($0, radix: 16) }.joined(separator: ".")
        }
    }

    static func describe(_ style: Style) -> String {
        let names: [(TextAttributes, String)] = [
            (.bold, "bold"), (.dim, "dim"), (.italic, "italic"), (.underline, "ul"), (.reverse, "rev"),
            (.blink, "blink"), (.strike, "strike"), (.conceal, "conceal"), (.overline, "over"),
        ]
        let attrs = names.filter { style.attrs.contains($0.0) }.map(\.1).joined(separator: ",")
        return "fg=\(describe(style.fg)) bg=\(describe(style.bg))" + (attrs.isEmpty ? "" : " \(attrs)")
    }

    /// One line per run of equal style: `row col-col style`.
    static func styleMap(_ frame: CellBuffer) -> String {
        var lines: [String] = []
        for row in 0..<frame.size.rows {
            var start = 0
            for col in 1...frame.size.cols
            where col == frame.size.cols || frame[row, col].style != frame[row, start].style {
                lines.append("\(row) \(start)-\(col - 1) \(describe(frame[row, start].style))")
                start = col
            }
        }
        return lines.joined(separator: "\n")
    }

    @Test(arguments: [ColourDepth.truecolor, .ansi256, .ansi16, .ansi8, .none])
    func chromeStylesAtEachDepth(depth: ColourDepth) throws {
        let frame = Self.frame(depth: depth)
        try Golden.check("chrome-styles-\(depth.rawValue)-100x16", frame.text() + "\n--\n" + Self.styleMap(frame))
    }

    @Test(arguments: [ColourDepth.ansi16, .ansi8])
    func chromeIsReadableWithFewColours(depth: ColourDepth) {
        let frame = Self.frame(depth: depth)
        for row in 0..<frame.size.rows {
            for col in 0..<frame.size.cols {
                let cell = frame[row, col]
                guard cell.text.contains(where: { !$0.isWhitespace }) else { continue }
                let style = cell.style
                #expect(!(style.fg == .indexed(0) && style.bg == .default), "black on default at \(row),\(col)")
                #expect(style.fg == .default || style.fg != style.bg, "text in its background colour at \(row),\(col)")
                #expect(style.fg != .indexed(8) || style.bg != .default, "bright black on default at \(row),\(col)")
            }
        }
    }

    @Test func noColorUsesAttributesOnly() {
        let frame = Self.frame(depth: .none)
        #expect(frame.cells.allSatisfy { $0.style.fg == .default && $0.style.bg == .default })
        #expect(frame.cells.contains { $0.style.attrs.contains(.bold) })
    }
}
