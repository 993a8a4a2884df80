// The renderer's caches: the session list is copied while its inputs are unchanged, and every
// cached frame equals what a fresh renderer draws for the same state.

import ClientCore
import Foundation
import TUI
import TerminalScreen
import TestSupport
import Testing

@Suite struct RenderCacheTests {
    private static func freshFrame(_ state: AppState, _ screens: [SessionKey: TerminalScreen]) -> CellBuffer {
        Renderer(surface: RecordingSurface(size: state.size)).frame(state: state, screens: screens).0
    }

    @Test func theListIsDrawnOnceWhileTilesChange() throws {
        let state = SceneFixtures.state(size: GridSize(cols: 160, rows: 40))
        let screens = SceneFixtures.screens()
        let renderer = Renderer(surface: RecordingSurface(size: state.size))
        _ = renderer.frame(state: state, screens: screens)
        let screen = try #require(screens[SceneFixtures.tests])
        for n in 0..<5 {
            screen.feed("line \(n)\r\n")
            let frame = renderer.frame(state: state, screens: screens).0
            #expect(frame.text().contains("line \(n)"))
        }
        #expect(renderer.listRedraws == 1)
        let cached = renderer.frame(state: state, screens: screens).0
        let freshScreens = SceneFixtures.screens()
        freshScreens[SceneFixtures.tests]?.feed((0..<5).map { "line \($0)\r\n" }.joined())
        #expect(cached == Self.freshFrame(state, freshScreens))
    }

    @Test func theListIsRedrawnWhenItsInputsChange() {
        var state = SceneFixtures.state(size: GridSize(cols: 160, rows: 40))
        let renderer = Renderer(surface: RecordingSurface(size: state.size))
        _ = renderer.frame(state: state, screens: [:])
        _ = state.reduce(.key(.char("j")))
        let moved = renderer.frame(state: state, screens: [:]).0
        #expect(renderer.listRedraws == 2)
        #expect(moved == Self.freshFrame(state, [:]))
        _ = state.reduce(.tick(SceneFixtures.now.addingTimeInterval(90), MonotonicTime(nanoseconds: 90_000_000_000)))
        let later = renderer.frame(state: state, screens: [:]).0
        #expect(renderer.listRedraws == 3, "ages in the list follow the clock")
        #expect(later == Self.freshFrame(state, [:]))
        state.size = GridSize(cols: 100, rows: 30)
        let resized = renderer.frame(state: state, screens: [:]).0
        #expect(renderer.listRedraws == 4)
        #expect(resized == Self.freshFrame(state, [:]))
    }

    @Test func pastedRegionsRoundTrip() {
        var frame = CellBuffer(size: GridSize(cols: 10, rows: 4))
        frame.put("abcdefghij", row: 1, col: 0)
        frame.put("漢字", row: 2, col: 3)
        let area = Rect(x: 2, y: 1, width: 5, height: 2)
        let saved = frame.cells(in: area)
        #expect(saved.count == 10)
        var other = CellBuffer(size: frame.size)
        other.paste(saved, in: area)
        #expect(other.cells(in: area) == saved)
        #expect(other.text() == "\n  cdefg\n   漢字\n")
    }
}
