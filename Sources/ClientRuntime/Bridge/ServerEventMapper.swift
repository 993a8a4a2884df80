// ServerEventMapper: turns what the network layer reports (`ClientEvent`, decoded protocol
// values) into the app's own facts (`AppEvent`). Pure; runs on the socket's task so the UI loop
// only receives ready-made Sendable values.
import ClaudePMProtocol
import ClientCore
import ClientNetwork
import Foundation

/// Maps network events of one server to app events.
enum ServerEventMapper {
    /// The app events for `event` from `server`.
    static func map(_ event: ClientEvent, server: String) -> [AppEvent] {
        switch event {
        case .status(_, let status): return [.serverLink(server: server, link: link(status))]
        case .roundTrip(_, let trip):
            return [.roundTrip(server: server, milliseconds: Int(trip.smoothed.nanosecondsClamped / 1_000_000))]
        case .message(_, let message): return map(message, server: server)
        case .resynced(_, let snapshot): return map(snapshot, server: server)
        case .failure(_, let error): return [.actionFailed(error.description)]
        }
    }

    static func link(_ status: ConnectionStatus) -> ServerLink {
        switch status {
        case .connected: return .online
        case .connecting(let attempt): return attempt <= 1 ? .connecting : .offline("connecting, try \(attempt)")
        case .offline: return .offline("offline")
        case .reconnecting(let attempt, _): return .offline("reconnecting, try \(attempt)")
        case .authFailed(let message): return .offline(message)
        }
    }

    static func map(_ snapshot: ServerSnapshot, server: String) -> [AppEvent] {
        let projects = snapshot.projects.map { AppProject(server: server, project: $0) }
        let names = Dictionary(snapshot.projects.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        var events: [AppEvent] = [
            .sessionsLoaded(
                server: server, sessions: snapshot.sessions.map { session($0, server: server, names: names) }),
            .notificationsLoaded(
                server: server, items: snapshot.notifications.map { notification($0, server: server) }),
            .projectsLoaded(server: server, projects: projects),
        ]
        for project in projects {
            guard let tickets = snapshot.tickets[project.id] else { continue }
            events.append(
                .ticketsLoaded(
                    project: project, tickets: tickets.map { ticket($0, sessions: snapshot.sessions, server: server) }))
        }
        return events
    }

    static func map(_ message: ServerMessage, server: String) -> [AppEvent] {
        switch message {
        case .sessionStatus(let payload):
            return [.sessionStatus(SessionKey(server: server, sessionId: payload.sessionId), status(payload.newStatus))]
        case .sessionWaiting(let payload):
            return [
                .sessionWaiting(
                    SessionKey(server: server, sessionId: payload.sessionId), waiting: payload.waiting,
                    reason: payload.reason?.rawValue ?? "unknown")
            ]
        case .sessionContext(let payload):
            return [
                .sessionContext(
                    SessionKey(server: server, sessionId: payload.sessionId),
                    percent: Int(payload.contextPercent.rounded()))
            ]
        case .ticketState(let payload):
            return [.ticketState(server: server, ticketID: payload.ticketId, state: BoardColumn(payload.newState))]
        case .notification(let payload):
            let item = AppNotification(
                id: payload.id, server: server, title: payload.title, body: payload.body,
                priority: priority(title: payload.title), createdAt: payload.timestamp)
            return [.notificationReceived(item)]
        default:
            return []
        }
    }

    static func session(_ value: Session, server: String, names: [String: String] = [:]) -> AppSession {
        var row = AppSession(server: server, session: value, receivedAt: Date())
        if row.projectName.isEmpty { row.projectName = names[value.projectId] ?? "" }
        return row
    }

    static func ticket(_ value: Ticket, sessions: [Session], server: String) -> AppTicket {
        let live = sessions.first { $0.ticketId == value.id && $0.status == .running }
        return AppTicket(value, liveSession: live.map { SessionKey(server: server, sessionId: $0.id) })
    }

    /// The app status of a wire status (the same rule as `AppSession.init(server:session:…)`).
    static func status(_ value: SessionStatus) -> AppSessionStatus {
        switch value {
        case .running: return .running
        case .completed: return .completed
        case .error: return .error
        case .paused, .other: return .paused
        }
    }

    static func notification(_ item: NotificationItem, server: String) -> AppNotification {
        let (title, priority) = style(item.type)
        return AppNotification(
            id: item.id, server: server, title: title, body: item.message, priority: priority,
            session: item.session.map { SessionKey(server: server, sessionId: $0.id) }, createdAt: item.createdAt)
    }

    /// Title and priority per server notification type (as the iOS app presents them).
    static func style(_ type: NotificationType) -> (String, NotificationPriority) {
        switch type {
        case .waitingInput: return ("Input Required", .high)
        case .reviewReady: return ("Ready for Review", .normal)
        case .error: return ("Error", .urgent)
        case .contextLow: return ("Context Low", .high)
        case .handoffComplete: return ("Handoff Complete", .normal)
        case .other(let raw): return (raw, .normal)
        }
    }

    /// The priority of a WebSocket notification, which carries only its title.
    static func priority(title: String) -> NotificationPriority {
        switch title {
        case "Input Required", "Context Low": return .high
        case "Error": return .urgent
        default: return .normal
        }
    }
}
