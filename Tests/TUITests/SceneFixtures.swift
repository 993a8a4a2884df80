// A small, fixed world for golden frames: two servers, sessions in every status, a waiting
// permission prompt, notifications, a board, and real TerminalScreens fed escape sequences.

import ClaudePMProtocol
import ClientCore
import Foundation
import TUI
import TerminalScreen

enum SceneFixtures {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func key(_ server: String, _ n: Int) -> SessionKey {
        SessionKey(server: server, sessionId: String(format: "%08d-0000-4000-8000-000000000000", n))
    }

    static let fixLogin = key("local", 1)
    static let docs = key("local", 2)
    static let tests = key("local", 3)
    static let done = key("local", 4)
    static let remoteShell = key("remote", 5)

    static func sessions() -> [AppSession] {
        [
            AppSession(
                key: fixLogin, projectName: "webapp", status: .running,
                waiting: WaitingInfo(reason: "permission_prompt", since: now.addingTimeInterval(-125)),
                ticketKey: "CSM-001", ticketTitle: "Fix login", paneCommand: "node",
                updatedAt: now.addingTimeInterval(-3)),
            AppSession(
                key: docs, projectName: "webapp", status: .running, contextPercent: 42, ticketKey: "CSM-002",
                ticketTitle: "Write docs", paneCommand: "node", updatedAt: now.addingTimeInterval(-10)),
            AppSession(
                key: tests, projectName: "api", status: .running, paneCommand: "zsh", paneName: "test runner",
                updatedAt: now.addingTimeInterval(-1)),
            AppSession(
                key: done, projectName: "api", status: .completed, ticketKey: "API-007", ticketTitle: "Old task",
                updatedAt: now.addingTimeInterval(-7200)),
            AppSession(
                key: remoteShell, projectName: "infra", status: .running, paneCommand: "bash",
                updatedAt: now.addingTimeInterval(-90)),
        ]
    }

    /// The standard state at `size`: both servers loaded, remote offline, first session selected.
    static func state(size: GridSize) -> AppState {
        var state = AppState(servers: ["local", "remote"], now: now, size: size)
        _ = state.reduce(.serverLink(server: "local", link: .online))
        _ = state.reduce(.serverStreams(server: "local", paneStreams: true))
        _ = state.reduce(.serverStreams(server: "remote", paneStreams: true))
        _ = state.reduce(.roundTrip(server: "local", milliseconds: 12))
        let all = sessions()
        _ = state.reduce(.sessionsLoaded(server: "local", sessions: all.filter { $0.key.server == "local" }))
        _ = state.reduce(.sessionsLoaded(server: "remote", sessions: all.filter { $0.key.server == "remote" }))
        _ = state.reduce(.serverLink(server: "remote", link: .offline("connection refused")))
        state.selection = fixLogin
        return state
    }

    /// Real emulators with some output each, at a small tile size.
    static func screens(rows: Int = 12, cols: Int = 50) -> [SessionKey: TerminalScreen] {
        var result: [SessionKey: TerminalScreen] = [:]
        let scripts: [SessionKey: String] = [
            fixLogin:
                "$ claude\r\n\u{1B}[1mClaude Code\u{1B}[0m\r\n\u{256D}\u{2500} Bash: rm -rf build\r\nDo you want to proceed?\r\n\u{1B}[32m> 1. Yes\u{1B}[0m\r\n  2. No\r\n",
            docs: "Writing docs/api.md\r\n\u{1B}[33mwarning:\u{1B}[0m 2 links broken\r\nfixing links 漢字 ok\r\n",
            tests: "$ swift test\r\nBuilding...\r\n\u{1B}[38;2;0;200;0m✔\u{1B}[0m 42 tests passed\r\n$ ",
            remoteShell: "root@box:~# uptime\r\n 10:00 up 3 days\r\nroot@box:~# ",
        ]
        for (key, script) in scripts {
            let screen = TerminalScreen(rows: rows, cols: cols)
            screen.feed(script)
            result[key] = screen
        }
        return result
    }

    /// The server's notification list: Fix login waits on a permission prompt; a review is ready.
    static func notifications() -> [NotificationItem] {
        [
            NotificationItem(
                id: "n1", type: .waitingInput, message: "Fix login: permission_prompt",
                createdAt: now.addingTimeInterval(-120),
                session: NotificationSessionRef(id: fixLogin.sessionId, type: .ticket, status: .running)),
            NotificationItem(
                id: "n2", type: .reviewReady, message: "Ticket CSM-002 is ready for review.",
                createdAt: now.addingTimeInterval(-3600)),
        ]
    }

    /// Fix login's `session:waiting` (a permission prompt), which raises a banner.
    static let fixLoginWaits = AppEvent.sessionWaiting(fixLogin, waiting: true, reason: .permissionPrompt, at: now)

    static let project = AppProject(server: "local", id: "p1", name: "webapp")

    static func tickets() -> [AppTicket] {
        [
            AppTicket(
                id: "t1", key: "CSM-001", title: "Fix login", state: .inProgress, prefix: "CSM", liveSession: fixLogin),
            AppTicket(id: "t2", key: "CSM-002", title: "Write docs", state: .review, prefix: "CSM"),
            AppTicket(id: "t3", key: "CSM-003", title: "Dark mode", state: .backlog, prefix: "CSM"),
            AppTicket(
                id: "t4", key: nil, title: "Explore caching", state: .backlog, prefix: "ADHOC", isAdhoc: true,
                isExplore: true),
            AppTicket(id: "t5", key: "OPS-010", title: "Rotate keys", state: .done, prefix: "OPS"),
        ]
    }
}
