// A pane shown at a size of its own while attached (the server left its window alone: tmux's
// `window-size manual`): the status line says so and offers the fit key, which asks for the
// window to be sized to the view and is the session's own key otherwise; a pane larger than the
// view is cropped around its newest output and the cursor, as a tile is.

import ClientCore
import Foundation
import TUI
import TerminalScreen
import TestSupport
import Testing

@Suite struct AttachFitTests {
    static let key = SceneFixtures.fixLogin

    func render(_ state: AppState, screens: [SessionKey: TerminalScreen]) -> [String] {
        let surface = RecordingSurface(size: state.size)
        Renderer(surface: surface, depth: .ansi256, glyphs: .unicode).render(state: state, screens: screens)
        return surface.text().components(separatedBy: "\n")
    }

    /// Attached to the fixture's first session at 140×12 (a 140×11 view), its stream live.
    func attached() -> AppState {
        var state = SceneFixtures.state(size: GridSize(cols: 140, rows: 12))
        _ = state.reduce(.key(.enter))
        _ = state.reduce(.streamStatus(Self.key, .attached(cols: 140, rows: 11)))
        return state
    }

    @Test func aPaneAtItsOwnSizeOffersTheFitKeyWhichAsksForTheView() {
        var state = attached()
        _ = state.reduce(.streamPaneSize(Self.key, GridSize(cols: 100, rows: 8)))
        let screens = [Self.key: TerminalScreen(rows: 8, cols: 100)]
        #expect(render(state, screens: screens).last { !$0.isEmpty }?.contains("pane 100×8  C-^ fit") == true)
        #expect(state.reduce(.key(.ctrl("^"))) == [.fitRemote(Self.key, GridSize(cols: 140, rows: 11))])
        #expect(state.flash == "sizing the window to 140×11")

        _ = state.reduce(.streamPaneSize(Self.key, GridSize(cols: 140, rows: 11)))
        #expect(render(state, screens: screens).last { !$0.isEmpty }?.contains("fit") == false)
        #expect(state.reduce(.key(.ctrl("^"))) == [.forwardKey(Self.key, .ctrl("^"))], "the session's key again")
    }

    @Test func theFitKeyMovesOffTheDetachAndJumpKeys() throws {
        #expect(Keymap.fitKey(detach: .default) == .ctrl("^"))
        let caret = try #require(DetachKey(parsing: "C-^"))
        let backslash = try #require(DetachKey(parsing: "C-\\"))
        #expect(Keymap.fitKey(detach: caret) == .ctrl("_"))
        #expect(Keymap.fitKey(detach: backslash) == .ctrl("_"), "C-^ is the jump key then")
    }

    @Test func aPaneLargerThanTheViewShowsItsNewestLinesAndTheCursor() {
        var state = attached()
        _ = state.reduce(.streamPaneSize(Self.key, GridSize(cols: 200, rows: 30)))
        let screen = TerminalScreen(rows: 30, cols: 200)
        screen.feed("top line\r\n" + String(repeating: "\r\n", count: 27) + String(repeating: "x", count: 170) + "END")
        let rows = render(state, screens: [Self.key: screen])
        #expect(
            rows.contains { $0.contains("END") }, "the cursor's line is not shown:\n\(rows.joined(separator: "\n"))")
        #expect(!rows.contains { $0.contains("top line") })
    }
}
