// A small world for the pure `reduce` tests: two servers and a handful of sessions.

import ClientCore
import Foundation

enum AppWorld {
    static let t0 = Date(timeIntervalSince1970: 1_800_000_000)

    static func key(_ server: String, _ n: Int) -> SessionKey {
        SessionKey(server: server, sessionId: "session-\(n)")
    }

    static let a = key("local", 1)
    static let b = key("local", 2)
    static let c = key("remote", 3)
    static let done = key("local", 4)

    static func session(
        _ key: SessionKey, project: String = "webapp", status: AppSessionStatus = .running
    ) -> AppSession {
        AppSession(key: key, projectName: project, status: status, ticketTitle: "Task \(key.sessionId)", updatedAt: t0)
    }

    /// Sessions on both servers; the terminal is 120×40 (wall with tiles).
    static func state(size: GridSize = GridSize(cols: 120, rows: 40)) -> AppState {
        var state = AppState(servers: ["local", "remote"], now: t0, size: size)
        _ = state.reduce(.serverLink(server: "local", link: .online))
        _ = state.reduce(.serverLink(server: "remote", link: .online))
        _ = state.reduce(
            .sessionsLoaded(
                server: "local", sessions: [session(a), session(b), session(done, status: .completed)]))
        _ = state.reduce(.sessionsLoaded(server: "remote", sessions: [session(c, project: "infra")]))
        return state
    }

    static func notification(
        _ id: String, priority: NotificationPriority, session: SessionKey? = nil, at date: Date = t0
    ) -> AppNotification {
        AppNotification(
            id: id, server: session?.server ?? "local", title: "Input Required", body: "body \(id)", priority: priority,
            session: session, createdAt: date)
    }
}

extension AppState {
    /// Reduces several keys, returning all effects.
    mutating func press(_ keys: AppKey...) -> [AppEffect] {
        keys.flatMap { reduce(.key($0)) }
    }
}
