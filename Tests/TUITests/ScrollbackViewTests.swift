import ClientCore
import Foundation
import TUI
import TerminalScreen
import TestSupport
import Testing

@Suite struct ScrollbackViewTests {
    func attached() -> (AppState, [SessionKey: TerminalScreen]) {
        var state = SceneFixtures.state(size: GridSize(cols: 60, rows: 8))
        _ = state.reduce(.key(.enter))
        let screen = TerminalScreen(rows: 7, cols: 60)
        for i in 1...30 { screen.feed("line \(i) \(i % 7 == 0 ? "needle" : "hay")\r\n") }
        screen.feed("$ ")
        return (state, [SceneFixtures.fixLogin: screen])
    }

    @Test func searchScrollsToTheNewestMatchAndHighlightsIt() throws {
        var (state, screens) = attached()
        for key: AppKey in [.shiftPageUp, .char("/"), .char("n"), .char("e"), .char("e"), .char("d"), .enter] {
            _ = state.reduce(.key(key))
        }
        let renderer = Renderer(surface: RecordingSurface(size: state.size))
        let (frame, cursor) = renderer.frame(state: state, screens: screens)
        #expect(cursor == nil)
        let text = frame.text()
        #expect(text.contains("line 28 needle"))
        #expect(text.contains("/need (1/4)"))
        let row = try #require(text.components(separatedBy: "\n").firstIndex { $0.hasPrefix("line 28 needle") })
        #expect(frame[row, 8].style.attrs.contains(.reverse))
        #expect(!frame[row, 0].style.attrs.contains(.reverse))
        try Golden.check("scrollback-search-60x8", text)

        _ = state.reduce(.key(.char("n")))
        _ = state.reduce(.key(.char("n")))
        let older = renderer.frame(state: state, screens: screens).0.text()
        #expect(older.contains("line 14 needle"))
        #expect(older.contains("(3/4)"))
    }

    @Test func pageUpShowsOlderLinesAndQReturnsToLive() {
        var (state, screens) = attached()
        let renderer = Renderer(surface: RecordingSurface(size: state.size))
        let live = renderer.frame(state: state, screens: screens).0.text()
        #expect(live.contains("line 30 hay"))
        #expect(!live.contains("line 20 hay"))
        _ = state.reduce(.key(.shiftPageUp))
        _ = state.reduce(.key(.pageUp))
        let older = renderer.frame(state: state, screens: screens).0.text()
        #expect(older.contains("line 13 hay"))
        #expect(!older.contains("line 30 hay"))
        #expect(older.contains("SCROLLBACK -12"))
        _ = state.reduce(.key(.char("q")))
        #expect(renderer.frame(state: state, screens: screens).0.text() == live)
    }
}
