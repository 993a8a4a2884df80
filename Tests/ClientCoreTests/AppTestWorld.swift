// A small world for the pure `reduce` tests: two servers and a handful of sessions.

import ClaudePMProtocol
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
        _ = state.reduce(.serverStreams(server: "local", paneStreams: true))
        _ = state.reduce(.serverStreams(server: "remote", paneStreams: true))
        _ = state.reduce(
            .sessionsLoaded(
                server: "local", sessions: [session(a), session(b), session(done, status: .completed)]))
        _ = state.reduce(.sessionsLoaded(server: "remote", sessions: [session(c, project: "infra")]))
        return state
    }

    /// A tick `seconds` after t0 on both clocks (the monotonic clock starts at zero with t0).
    static func tick(_ seconds: Double) -> AppEvent {
        .tick(t0.addingTimeInterval(seconds), .seconds(seconds))
    }

    /// `session:waiting` (true) for `key` at t0 + `seconds`.
    static func waits(_ key: SessionKey, _ reason: WaitingReason, at seconds: Double = 0) -> AppEvent {
        .sessionWaiting(key, waiting: true, reason: reason, at: t0.addingTimeInterval(seconds))
    }

    /// `session:waiting` (false) for `key` at t0 + `seconds`.
    static func stopsWaiting(_ key: SessionKey, at seconds: Double = 0) -> AppEvent {
        .sessionWaiting(key, waiting: false, reason: .unknown, at: t0.addingTimeInterval(seconds))
    }

    /// A server `notification` message on `server` (no session id, as the wire has none).
    static func serverNotification(
        _ id: String, title: String = "Input Required", body: String = "body", server: String = "local",
        at seconds: Double = 0
    ) -> AppEvent {
        let payload = NotificationPayload(id: id, title: title, body: body, timestamp: t0.addingTimeInterval(seconds))
        return .message(server: server, .notification(payload), receivedAt: t0.addingTimeInterval(seconds))
    }

    /// A `GET /api/notifications` entry, optionally about a running session.
    static func listed(
        _ id: String, _ type: NotificationType = .waitingInput, message: String = "body", session: SessionKey? = nil,
        at seconds: Double = 0
    ) -> NotificationItem {
        NotificationItem(
            id: id, type: type, message: message, createdAt: t0.addingTimeInterval(seconds),
            session: session.map { NotificationSessionRef(id: $0.sessionId, type: .ticket, status: .running) })
    }
}

extension AppState {
    /// Reduces several keys, returning all effects.
    mutating func press(_ keys: AppKey...) -> [AppEffect] {
        keys.flatMap { reduce(.key($0)) }
    }

    /// Lets `seconds` pass on both clocks.
    mutating func wait(_ seconds: Double) {
        _ = reduce(.tick(now.addingTimeInterval(seconds), clock + .milliseconds(Int64(seconds * 1000))))
    }

    /// Lets the answer grace pass, as a person reading a new banner does.
    mutating func readBanner() {
        wait(ui.answerGrace.secondsDouble + 0.001)
    }

    /// The answer `choice` to `key`'s current prompt, as `y`, `n` or the answer box send it.
    func answerEffect(_ key: SessionKey, _ choice: PromptAnswer.Choice) -> AppEffect {
        let prompt = self.prompt(of: key) ?? PromptID(session: key, since: .distantPast)
        return .network(.answer(PromptAnswer(prompt: prompt, choice: choice, target: answerTarget(key))))
    }
}
