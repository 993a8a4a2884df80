// The session list at scale and its `/` filter: the order `SessionTable` keeps by hand matches a
// full sort after any mix of changes, the filter narrows list and wall as it is typed, and the
// keys keep working with 10,000 sessions (behaviour only; nothing here is timed).

import ClientCore
import Foundation
import Testing

@Suite struct AppFilterTests {
    static func many(_ count: Int, server: String = "local") -> [AppSession] {
        (0..<count).map { n in
            AppSession(
                key: SessionKey(server: server, sessionId: String(format: "s%05d", n)),
                projectName: "project-\(n % 7)", status: n % 5 == 0 ? .completed : .running,
                ticketTitle: "Task \(n)", updatedAt: AppWorld.t0)
        }
    }

    /// The display order by a plain sort, as `orderedSessions` used to compute it.
    static func sorted(_ state: AppState) -> [SessionKey] {
        let servers = Dictionary(uniqueKeysWithValues: state.servers.enumerated().map { ($1.name, $0) })
        func rank(_ s: AppSessionStatus) -> Int { [.running: 0, .paused: 1, .error: 2, .completed: 3][s] ?? 9 }
        return state.sessions.values.sorted { a, b in
            let ka = (servers[a.key.server] ?? .max, a.projectName, rank(a.status), a.displayName)
            let kb = (servers[b.key.server] ?? .max, b.projectName, rank(b.status), b.displayName)
            if ka != kb { return ka < kb }
            return a.key < b.key
        }.map(\.key)
    }

    @Test func keptOrderMatchesAFullSortAfterChanges() {
        var state = AppWorld.state()
        _ = state.reduce(.sessionsLoaded(server: "local", sessions: Self.many(300)))
        #expect(state.orderedSessions.map(\.key) == Self.sorted(state))
        var random = SystemRandomNumberGenerator()
        for step in 0..<400 {
            let key = SessionKey(
                server: "local", sessionId: String(format: "s%05d", Int.random(in: 0..<320, using: &random)))
            switch step % 4 {
            case 0: _ = state.reduce(.sessionStatus(key, from: .running, to: .completed, at: AppWorld.t0))
            case 1:
                var session = state.sessions[key] ?? AppWorld.session(key)
                session.paneName = "renamed \(step)"
                session.status = .running
                _ = state.reduce(.sessionUpdated(session))
            case 2: state.sessions[key] = nil
            default: _ = state.reduce(AppWorld.waits(key, .permissionPrompt))
            }
        }
        #expect(state.orderedSessions.map(\.key) == Self.sorted(state))
        #expect(state.listRows.count == state.listRowCount)
    }

    @Test func slashFiltersAsYouTypeEscClears() {
        var state = AppWorld.state()
        _ = state.reduce(.sessionsLoaded(server: "local", sessions: Self.many(10_000)))
        #expect(state.sessions.count == 10_001)
        _ = state.press(.char("/"))
        #expect(state.filter.editing)
        _ = state.press(.char("T"), .char("a"), .char("s"), .char("k"), .char(" "), .char("4"), .char("2"))
        #expect(state.filter.text == "Task 42")
        #expect(state.filter.slots.count == 111, "Task 42, 420–429, 4200–4299")
        _ = state.press(.char("0"), .char("7"))
        #expect(state.filter.slots.map(\.key.sessionId) == ["s04207"], "incremental: one session left")
        #expect(state.selection?.sessionId == "s04207", "the selection follows the filter")
        #expect(
            state.listRows == [
                .server("local"), .project(server: "local", name: "project-0"), .session(state.selection!),
            ])
        #expect(state.visibleTiles == [state.selection!], "the wall shows the match too")
        _ = state.press(.enter)
        #expect(!state.filter.editing && state.filter.isActive, "Enter keeps the filter")
        #expect(
            state.press(.enter).contains(.attach(state.selection!, state.attachSize)), "Enter now attaches the match")
        _ = state.press(.ctrl("]"))
        #expect(state.filter.isActive, "the filter survives an attach")
        _ = state.press(.escape)
        #expect(!state.filter.isActive, "Esc clears")
        #expect(state.listRowCount == state.listRows.count)
        #expect(state.selection?.sessionId == "s04207", "clearing keeps the selection")
    }

    @Test func filterBackspaceAndEscWhileTyping() {
        var state = AppWorld.state()
        _ = state.press(.char("/"), .char("z"), .char("z"))
        #expect(state.filter.slots.isEmpty)
        #expect(state.selection == nil, "nothing to select")
        #expect(state.press(.enter).isEmpty)
        _ = state.press(.char("/"), .backspace, .backspace, .char("3"))
        #expect(state.filter.slots.map(\.key) == [AppWorld.c])
        _ = state.press(.escape)
        #expect(!state.filter.isActive && !state.filter.editing)
        #expect(state.selection == AppWorld.c)
        _ = state.press(.char("/"), .char("j"))
        #expect(state.filter.text == "j", "while typing, letters are text, not keys")
    }

    @Test func theListWindowIsTheSliceOfAllRowsAroundTheSelection() {
        var state = AppWorld.state()
        _ = state.reduce(.sessionsLoaded(server: "local", sessions: Self.many(500)))
        let all = state.listRows
        for (height, steps) in [(1, 3), (7, 0), (7, 12), (20, 250), (20, 499), (40, 77)] {
            _ = state.press(.char("g"), .char("g"))
            for _ in 0..<steps { _ = state.press(.char("j")) }
            let selected = all.firstIndex(of: .session(state.selection!))!
            let start = selected < height ? 0 : selected - height + 1
            #expect(Array(state.listWindow(height: height)) == Array(all[start..<min(start + height, all.count)]))
        }
    }

    @Test func keysMoveThroughTenThousandSessions() {
        var state = AppWorld.state()
        _ = state.reduce(.sessionsLoaded(server: "local", sessions: Self.many(10_000)))
        let first = state.selection
        _ = state.press(.char("G"))
        #expect(state.selection == state.orderedSessions.last?.key)
        _ = state.press(.char("k"))
        #expect(state.selection == state.orderedSessions.dropLast().last?.key)
        _ = state.press(.char("g"), .char("g"))
        #expect(state.selection == first)
        let rows = state.listWindow(height: 20)
        #expect(rows.count == 20)
    }
}
