// With more than one server configured, tiles and banners name the server (`server · ` before
// the name): two machines' sessions would look identical otherwise. With one server nothing
// changes.

import ClaudePMProtocol
import ClientCore
import Foundation
import TUI
import TerminalScreen
import TestSupport
import Testing

@Suite struct ServerLabelTests {
    func lines(_ state: AppState) -> [String] {
        let surface = RecordingSurface(size: state.size)
        Renderer(surface: surface, depth: .ansi256, glyphs: .unicode).render(
            state: state, screens: SceneFixtures.screens())
        return surface.text().components(separatedBy: "\n")
    }

    /// The top border rows of the tiles (their labels).
    func tileLabels(_ lines: [String]) -> [String] { lines.filter { $0.contains("┌") } }

    /// Only the local server, with its sessions.
    func oneServer() -> AppState {
        var state = AppState(servers: ["local"], now: SceneFixtures.now, size: GridSize(cols: 120, rows: 40))
        _ = state.reduce(.serverLink(server: "local", link: .online))
        let local = SceneFixtures.sessions().filter { $0.key.server == "local" }
        _ = state.reduce(.sessionsLoaded(server: "local", sessions: local))
        state.selection = SceneFixtures.fixLogin
        return state
    }

    @Test func tilesNameTheirServerWhenThereAreSeveral() {
        let labels = tileLabels(lines(SceneFixtures.state(size: GridSize(cols: 120, rows: 40))))
        #expect(labels.contains { $0.contains("● local · CSM-001 Fix login ◆ permission") }, "\(labels)")
        #expect(labels.contains { $0.contains("● remote · infra session") }, "\(labels)")
    }

    @Test func bannersNameTheServerOfTheirNotification() {
        var state = SceneFixtures.state(size: GridSize(cols: 120, rows: 40))
        _ = state.reduce(SceneFixtures.fixLoginWaits)
        #expect(lines(state)[0].contains("local · Input Required: Fix login"), "\(lines(state)[0])")
        var remote = SceneFixtures.state(size: GridSize(cols: 120, rows: 40))
        _ = remote.reduce(.serverLink(server: "remote", link: .online))
        let payload = NotificationPayload(
            id: "r1", title: "Input Required", body: "infra session: question", timestamp: SceneFixtures.now)
        _ = remote.reduce(.message(server: "remote", .notification(payload), receivedAt: SceneFixtures.now))
        #expect(lines(remote)[0].contains("remote · Input Required: infra session"), "\(lines(remote)[0])")
    }

    @Test func oneServerKeepsTilesAndBannersAsTheyWere() {
        var state = oneServer()
        _ = state.reduce(SceneFixtures.fixLoginWaits)
        let frame = lines(state)
        let labels = tileLabels(frame)
        #expect(labels.contains { $0.contains("● CSM-001 Fix login ◆ permission") }, "\(labels)")
        #expect(!labels.contains { $0.contains("local ·") }, "\(labels)")
        #expect(frame[0].contains("Input Required: Fix login"))
        #expect(!frame[0].contains("local ·"), "\(frame[0])")
    }
}
