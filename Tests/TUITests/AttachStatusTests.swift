// While attached, the terminal stream's state lives in the status line (no flash): it shows
// while the stream is not live, with the latest notice, and goes away once it is attached again.

import ClientCore
import Foundation
import TUI
import TerminalScreen
import TestSupport
import Testing

@Suite struct AttachStatusTests {
    func statusLine(_ state: AppState) -> String {
        let surface = RecordingSurface(size: state.size)
        Renderer(surface: surface, depth: .ansi256, glyphs: .unicode).render(
            state: state, screens: SceneFixtures.screens(rows: state.size.rows - 1, cols: state.size.cols))
        return surface.text().components(separatedBy: "\n").last { !$0.isEmpty } ?? ""
    }

    func attached() -> AppState {
        var state = SceneFixtures.state(size: GridSize(cols: 140, rows: 12))
        _ = state.reduce(.key(.enter))
        return state
    }

    @Test func reconnectingShowsInTheStatusLineNotAsAFlash() {
        var state = attached()
        let key = SceneFixtures.fixLogin
        _ = state.reduce(.streamStatus(key, .attached(cols: 140, rows: 11)))
        #expect(!statusLine(state).contains("reconnecting"))
        _ = state.reduce(.streamStatus(key, .reconnecting(attempt: 2, maxAttempts: 10, retryAt: .seconds(3))))
        _ = state.reduce(.streamNotice(key, "connection lost"))
        #expect(state.flash == nil)
        #expect(statusLine(state).contains("reconnecting 2/10… · connection lost"))
        _ = state.reduce(.key(.char("x")))
        #expect(statusLine(state).contains("reconnecting 2/10…"), "typing does not clear the state")
        _ = state.reduce(.streamStatus(key, .attaching))
        _ = state.reduce(.streamStatus(key, .attached(cols: 140, rows: 11)))
        #expect(!statusLine(state).contains("reconnecting"))
        #expect(!statusLine(state).contains("connection lost"), "the notice ends with the outage")
    }

    @Test func streamsOfSessionsNotShownAreIgnoredAndClosedOnesForgotten() {
        var state = attached()
        _ = state.reduce(.streamStatus(SceneFixtures.done, .connecting(attempt: 1)))
        #expect(state.streams[SceneFixtures.done] == nil)
        _ = state.reduce(.streamStatus(SceneFixtures.fixLogin, .exited(code: 0)))
        #expect(statusLine(state).contains("session ended (exit 0)"))
        _ = state.reduce(.key(.ctrl("]")))
        _ = state.reduce(.key(.char("z")))
        #expect(state.streams[SceneFixtures.fixLogin] != nil, "still a visible tile")
        state.selection = SceneFixtures.remoteShell
        _ = state.reduce(.key(.char("z")))
        #expect(state.zoomed == SceneFixtures.remoteShell)
        #expect(state.streams[SceneFixtures.fixLogin] == nil, "its tile stream was closed")
    }
}
