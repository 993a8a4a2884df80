import ClientCore
import TUI
import TerminalScreen
import TestSupport
import Testing

@Suite struct CompositorTests {
    func frame(_ lines: [String], cols: Int) -> CellBuffer {
        var buffer = CellBuffer(size: GridSize(cols: cols, rows: lines.count))
        for (row, line) in lines.enumerated() { buffer.put(line, row: row, col: 0) }
        return buffer
    }

    @Test func identicalFrameEmitsNothing() {
        let surface = RecordingSurface(size: GridSize(cols: 10, rows: 3))
        let compositor = Compositor(surface: surface)
        let f = frame(["hello", "world", ""], cols: 10)
        let first = compositor.present(f, cursor: nil)
        #expect(first.committed)
        #expect(surface.text() == "hello\nworld\n")
        surface.resetCalls()
        let second = compositor.present(f, cursor: nil)
        #expect(!second.committed)
        #expect(surface.calls.isEmpty)
        #expect(surface.writeCount == 0)
    }

    @Test func oneCellChangeEmitsOneSmallWrite() {
        let surface = RecordingSurface(size: GridSize(cols: 10, rows: 3))
        let compositor = Compositor(surface: surface)
        var f = frame(["hello", "world", ""], cols: 10)
        compositor.present(f, cursor: nil)
        surface.resetCalls()
        f.put("W", row: 1, col: 0)
        let stats = compositor.present(f, cursor: nil)
        #expect(surface.calls == [.write(row: 1, col: 0, count: 1), .cursor(nil), .commit])
        #expect(stats.cells == 1)
        #expect(surface.text() == "hello\nWorld\n")
    }

    @Test func wideCharacterIsWrittenWithItsContinuation() {
        let surface = RecordingSurface(size: GridSize(cols: 6, rows: 1))
        let compositor = Compositor(surface: surface)
        var f = frame(["ab漢c"], cols: 6)
        compositor.present(f, cursor: nil)
        surface.resetCalls()
        f.put("字", row: 0, col: 2)
        compositor.present(f, cursor: nil)
        #expect(surface.calls.first == .write(row: 0, col: 2, count: 2))
        #expect(surface.text() == "ab字c")
    }

    @Test func cursorMoveAloneCommitsWithoutWrites() {
        let surface = RecordingSurface(size: GridSize(cols: 4, rows: 2))
        let compositor = Compositor(surface: surface)
        let f = frame(["ab", "cd"], cols: 4)
        compositor.present(f, cursor: CursorPlacement(row: 0, col: 0))
        surface.resetCalls()
        compositor.present(f, cursor: CursorPlacement(row: 1, col: 1))
        #expect(surface.calls == [.cursor(CursorPlacement(row: 1, col: 1)), .commit])
    }

    @Test func resizeClearsAndRepaints() {
        let surface = RecordingSurface(size: GridSize(cols: 4, rows: 1))
        let compositor = Compositor(surface: surface)
        compositor.present(frame(["abcd"], cols: 4), cursor: nil)
        surface.size = GridSize(cols: 6, rows: 2)
        surface.resetCalls()
        compositor.present(frame(["abcdef", "x"], cols: 6), cursor: nil)
        #expect(surface.calls.first == .clear)
        #expect(surface.text() == "abcdef\nx")
    }

    @Test func secondRenderOfAWholeSceneEmitsNothing() {
        let state = SceneFixtures.state(size: GridSize(cols: 120, rows: 40))
        let surface = RecordingSurface(size: state.size)
        let renderer = Renderer(surface: surface)
        let screens = SceneFixtures.screens()
        renderer.render(state: state, screens: screens)
        #expect(surface.writeCount > 0)
        surface.resetCalls()
        renderer.render(state: state, screens: screens)
        #expect(surface.calls.isEmpty)
    }

    @Test func tileOutputRewritesOnlyChangedCells() throws {
        let state = SceneFixtures.state(size: GridSize(cols: 120, rows: 40))
        let surface = RecordingSurface(size: state.size)
        let renderer = Renderer(surface: surface)
        let screens = SceneFixtures.screens()
        renderer.render(state: state, screens: screens)
        surface.resetCalls()
        let screen = try #require(screens[SceneFixtures.tests])
        screen.feed("ls\r\n")
        renderer.render(state: state, screens: screens)
        #expect(renderer.mirror(for: SceneFixtures.tests)?.rowsDamagedLastUpdate ?? 99 <= 2)
        #expect(renderer.mirror(for: SceneFixtures.docs)?.rowsDamagedLastUpdate == 0)
        #expect(surface.cellsWritten > 0 && surface.cellsWritten < 10)
        #expect(surface.text().contains("$ ls"))
    }

    @Test func footerShowsAPendingPrefixKey() {
        var state = SceneFixtures.state(size: GridSize(cols: 100, rows: 30))
        let renderer = Renderer(surface: RecordingSurface(size: state.size))
        _ = state.reduce(.key(.char("g")))
        #expect(renderer.frame(state: state, screens: [:]).0.text().hasSuffix(" g …"))
        _ = state.reduce(.key(.char("g")))
        #expect(!renderer.frame(state: state, screens: [:]).0.text().hasSuffix(" g …"))
    }

    @Test func headerTextIsRecomputedOnlyWhenItsInputsChange() {
        var state = SceneFixtures.state(size: GridSize(cols: 100, rows: 30))
        let renderer = Renderer(surface: RecordingSurface(size: state.size))
        renderer.render(state: state, screens: [:])
        renderer.render(state: state, screens: [:])
        _ = state.reduce(.key(.char("j")))
        renderer.render(state: state, screens: [:])
        #expect(renderer.headerRecomputations == 1)
        _ = state.reduce(SceneFixtures.fixLoginWaits)
        renderer.render(state: state, screens: [:])
        #expect(renderer.headerRecomputations == 2)
    }
}
