// Sessions appear without a restart. A server that pushes session-list changes (claudepm-server:
// `sessions:pushing`, then `sessions:changed`) has its list fetched on each change and never on a
// timer; for one that does not (the upstream server), the model asks for the session lists every
// `[ui] refresh` seconds (30 by default) and the period starts again on a reconnect (whose resync
// fetches them anyway).

import ClaudePMProtocol
import ClientCore
import Foundation
import Testing

@Suite struct AppSessionRefreshTests {
    func refreshes(_ effects: [AppEffect]) -> [String] {
        effects.compactMap { if case .network(.refreshSessions(let server)) = $0 { server } else { nil } }
    }

    @Test func everyThirtySecondsTheOnlineServersAreAsked() {
        var state = AppWorld.state()
        _ = state.reduce(.serverLink(server: "remote", link: .offline("gone")))
        #expect(refreshes(state.reduce(AppWorld.tick(0))).isEmpty)
        #expect(state.nextTimer == .seconds(30))
        #expect(refreshes(state.reduce(AppWorld.tick(29))).isEmpty)
        #expect(refreshes(state.reduce(AppWorld.tick(30))) == ["local"], "offline servers resync on reconnect")
        #expect(state.nextTimer == .seconds(60))
        #expect(refreshes(state.reduce(AppWorld.tick(31))).isEmpty)
    }

    @Test func thePeriodIsConfigurable() {
        var state = AppWorld.state()
        state.ui.sessionRefreshSeconds = 10
        _ = state.reduce(.serverLink(server: "local", link: .online))
        #expect(refreshes(state.reduce(AppWorld.tick(10))) == ["local", "remote"])
    }

    @Test func aReconnectStartsThePeriodAgain() {
        var state = AppWorld.state()
        _ = state.reduce(AppWorld.tick(0))
        _ = state.reduce(AppWorld.tick(20))
        _ = state.reduce(.serverLink(server: "local", link: .online))
        #expect(refreshes(state.reduce(AppWorld.tick(30))).isEmpty)
        #expect(refreshes(state.reduce(AppWorld.tick(50))) == ["local", "remote"])
    }

    func pushing(_ server: String) -> AppEvent {
        .message(server: server, .sessionsPushing(SessionsPushingPayload()), receivedAt: AppWorld.t0)
    }

    func changed(_ server: String) -> AppEvent {
        .message(server: server, .sessionsChanged(SessionsChangedPayload(sessionId: "s-new")), receivedAt: AppWorld.t0)
    }

    @Test func aServerThatPushesListChangesIsNotPolled() {
        var state = AppWorld.state()
        _ = state.reduce(.serverLink(server: "local", link: .connecting))
        _ = state.reduce(pushing("local"))
        _ = state.reduce(.serverLink(server: "local", link: .online))
        _ = state.reduce(AppWorld.tick(0))
        #expect(refreshes(state.reduce(AppWorld.tick(30))) == ["remote"], "only the server that does not push")
        #expect(refreshes(state.reduce(changed("local"))) == ["local"], "a change is fetched at once")
    }

    @Test func aChangeDuringTheResyncIsFetchedOnceOnline() {
        var state = AppWorld.state()
        _ = state.reduce(.serverLink(server: "local", link: .connecting))
        _ = state.reduce(pushing("local"))
        #expect(refreshes(state.reduce(changed("local"))).isEmpty, "the resync is under way")
        #expect(refreshes(state.reduce(.serverLink(server: "local", link: .online))) == ["local"])
        _ = state.reduce(.serverLink(server: "local", link: .offline("gone")))
        #expect(refreshes(state.reduce(.serverLink(server: "local", link: .online))).isEmpty, "once only")
    }

    @Test func aNewLinkThatDoesNotPushIsPolledAgain() {
        var state = AppWorld.state()
        _ = state.reduce(pushing("local"))
        _ = state.reduce(.serverLink(server: "local", link: .online))
        _ = state.reduce(AppWorld.tick(0))
        _ = state.reduce(.serverLink(server: "local", link: .offline("gone")))
        _ = state.reduce(.serverLink(server: "local", link: .online))
        #expect(refreshes(state.reduce(AppWorld.tick(30))) == ["local", "remote"])
    }

    @Test func aRefreshedListAddsAndRemovesSessions() {
        var state = AppWorld.state()
        let fresh = AppWorld.key("local", 9)
        _ = state.reduce(
            .sessionsLoaded(server: "local", sessions: [AppWorld.session(AppWorld.a), AppWorld.session(fresh)]))
        #expect(state.sessions[fresh] != nil)
        #expect(state.sessions[AppWorld.b] == nil)
        #expect(state.sessions[AppWorld.c] != nil, "other servers' sessions stay")
    }

    @Test func theConfigFileSetsThePeriod() throws {
        let config = try ClientConfig.parseFile("[ui]\nrefresh = 10\n", file: "c.toml")
        #expect(config.ui.sessionRefreshSeconds == 10)
        #expect(UIOptions.default.sessionRefreshSeconds == 30)
        #expect(
            throws: ConfigError.invalidValue(
                source: "c.toml", line: 2, key: "refresh", message: "1 is not within 5–3600 seconds")
        ) { try ClientConfig.parseFile("[ui]\nrefresh = 1\n", file: "c.toml") }
    }
}
