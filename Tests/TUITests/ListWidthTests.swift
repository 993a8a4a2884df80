// The list's columns measured by display width, on the rendered surface: wide CJK and emoji
// names, ZWJ sequences, flags and bidi controls in server-supplied names do not move the columns
// to their right, and bidi controls reach the terminal only escaped.

import ClientCore
import Foundation
import TUI
import TerminalScreen
import TestSupport
import Testing

@Suite struct ListWidthTests {
    static let names = [
        "plain name", "漢字のプロジェクト名がとても長いセッション", "🧑‍💻 coder 🇺🇸🇫🇷 flags", "👍🏻👋🏿 tones ❤️",
        "evil\u{202E}txet desrever\u{202C} tail", "iso\u{2067}late\u{2069} \u{202A}lre\u{202C}",
        "e\u{301}\u{302} marks",
    ]

    /// A list of sessions named `names`, every one completed (no tiles: the list fills the
    /// screen) and last running `node`, rendered at `cols`.
    func render(cols: Int, names: [String] = ListWidthTests.names) -> RecordingSurface {
        let now = SceneFixtures.now
        let sessions = names.enumerated().map { index, name in
            AppSession(
                key: SceneFixtures.key("local", index + 1), projectName: "プロジェクト\u{202E}x", status: .completed,
                contextPercent: 40,
                ticketKey: "K-\(index)", paneCommand: "node", paneName: name, updatedAt: now.addingTimeInterval(-5))
        }
        var state = AppState(servers: ["local"], now: now, size: GridSize(cols: cols, rows: 14))
        _ = state.reduce(.serverLink(server: "local", link: .online))
        _ = state.reduce(.sessionsLoaded(server: "local", sessions: sessions))
        let surface = RecordingSurface(size: state.size)
        Renderer(surface: surface, depth: .ansi256, glyphs: .unicode).render(state: state, screens: [:])
        return surface
    }

    /// Frame columns where `word` starts in `row` (cell by cell).
    func columns(of word: String, in surface: RecordingSurface, row: Int) -> [Int] {
        let cells = Array(surface.screen.row(row))
        let letters = word.map(String.init)
        return cells.indices.filter { col in
            col + letters.count <= cells.count && letters.indices.allSatisfy { cells[col + $0].text == letters[$0] }
        }
    }

    @Test(arguments: [70, 100, 140])
    func rightColumnsStayAligned(cols: Int) {
        let surface = render(cols: cols)
        let rows = (0..<surface.size.rows).filter { !columns(of: "40%", in: surface, row: $0).isEmpty }
        #expect(rows.count == Self.names.count)
        let starts = Set(rows.map { columns(of: "40%", in: surface, row: $0).last ?? -1 })
        #expect(starts.count == 1, "the CTX column starts at \(starts)")
        if cols >= 100 {
            let commands = Set(rows.map { columns(of: "node", in: surface, row: $0).last ?? -1 })
            #expect(commands.count == 1, "the CMD column starts at \(commands)")
        }
        for row in rows {
            // What the outer terminal will do with each cell's text is what the grid assumes.
            for cell in surface.screen.row(row) where !cell.isContinuation && cell.text != " " {
                #expect(DisplayWidth.of(cell.text) == Int(cell.width), "\(cell.text)")
            }
        }
    }

    @Test func bidiControlsAreShownEscaped() {
        let surface = render(cols: 140)
        let scalars = surface.screen.cells.flatMap { Array($0.text.unicodeScalars) }
        let bidi = scalars.filter { (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value) }
        #expect(bidi.isEmpty)
        let text = surface.text()
        #expect(text.contains("evil\\u{202e}txet des"))
        #expect(text.contains("iso\\u{2067}late\\u{20"))
        #expect(text.contains("プロジェクト\\u{202e}x"))
    }

    @Test func wideNamesAreCutByDisplayWidth() throws {
        let surface = render(cols: 70)
        let line = try #require((0..<surface.size.rows).first { !columns(of: "漢", in: surface, row: $0).isEmpty })
        let cells = Array(surface.screen.row(line))
        #expect(cells.contains { $0.text == "…" })
        for (col, cell) in cells.enumerated() where cell.width == 2 { #expect(cells[col + 1].isContinuation) }
    }

    /// Printable ASCII takes a path of its own; it must draw what the clustering path draws.
    @Test(arguments: [0, 3, 9])
    func asciiIsPutAsTheClusteringPathPutsIt(clipStart: Int) {
        let style = Style(fg: .indexed(3), attrs: [.bold])
        let clip = Rect(x: clipStart, y: 0, width: 6, height: 1)
        var ascii = CellBuffer(size: GridSize(cols: 20, rows: 1))
        var mixed = CellBuffer(size: GridSize(cols: 20, rows: 1))
        let end = ascii.put("tile ~ title!", row: 0, col: 2, style: style, clip: clip)
        // "é" at the end (outside every clip) sends the same text through the clustering path.
        let mixedEnd = mixed.put("tile ~ title!é", row: 0, col: 2, style: style, clip: clip)
        #expect(ascii == mixed)
        #expect(end == mixedEnd)
        #expect(ascii.row(0).contains { $0.text == "e" && $0.style == style })
    }

    @Test func putFormsTmuxCells() {
        var frame = CellBuffer(size: GridSize(cols: 20, rows: 1))
        let end = frame.put("🇺🇸👍🏻❤️🧑‍💻x", row: 0, col: 0)
        #expect(end == 10)
        let lead = frame.row(0).filter { !$0.isContinuation && $0.text != " " }
        #expect(lead.map(\.text) == ["🇺", "🇸", "👍", "🏻", "❤️", "🧑‍💻", "x"])
        #expect(lead.map(\.width) == [1, 1, 2, 2, 1, 2, 1])
        #expect(DisplayWidth.of("🇺🇸👍🏻❤️🧑‍💻x") == 10)
        #expect(DisplayWidth.pad("漢字", to: 4) == "漢字")
        #expect(DisplayWidth.pad("漢字", to: 3) == "漢…")
        #expect(DisplayWidth.pad("漢字x", to: 4) == "漢… ")
        #expect(DisplayWidth.pad("🇺🇸x", to: 3) == "🇺🇸x")
    }
}
