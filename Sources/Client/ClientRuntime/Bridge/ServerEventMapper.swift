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
        case .status(_, let status):
            // Online only once the resync has landed: until then what is shown is the cache.
            if status == .connected { return [.serverLink(server: server, link: .connecting)] }
            return [.serverLink(server: server, link: link(status))]
        case .roundTrip(_, let trip):
            return [.roundTrip(server: server, milliseconds: Int(trip.smoothed.nanosecondsClamped / 1_000_000))]
        case .offlineReason(_, let reason): return [.serverProblem(server: server, reason)]
        case .late(_, let silence):
            return [
                .serverLate(server: server, lastContact: silence.map { Date().addingTimeInterval(-$0.secondsDouble) })
            ]
        case .message(_, let message): return map(message, server: server)
        case .resynced(_, let snapshot):
            return map(snapshot, server: server) + [.serverLink(server: server, link: .online)]
        case .failure(_, let error): return [.actionFailed(error.description)]
        case .recordsSkipped(_, let records): return [.recordsSkipped(server: server, records)]
        case .rawFrame: return []
        case .clockOffset(_, let seconds): return [.serverClock(server: server, offsetSeconds: seconds)]
        case .streamSupport(_, let paneStreams): return [.serverStreams(server: server, paneStreams: paneStreams)]
        }
    }

    static func link(_ status: ConnectionStatus) -> ServerLink {
        switch status {
        case .connected: return .online
        case .connecting(let attempt): return attempt <= 1 ? .connecting : .offline("connecting, try \(attempt)")
        case .offline: return .offline("offline")
        case .reconnecting(let attempt, let retryAt):
            return .offline("reconnecting at \(retryClock(retryAt)), try \(attempt + 1) (C-r: now)")
        case .authFailed(let message): return .offline(message)
        }
    }

    static func map(_ snapshot: ServerSnapshot, server: String) -> [AppEvent] {
        let projects = snapshot.projects.map { AppProject(server: server, project: $0) }
        let names = Dictionary(snapshot.projects.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        var events: [AppEvent] = [
            .sessionsLoaded(
                server: server, sessions: snapshot.sessions.map { session($0, server: server, names: names) },
                requestedAt: snapshot.requestedAt),
            .notificationsLoaded(server: server, items: snapshot.notifications, resync: true),
            .projectsLoaded(server: server, projects: projects),
        ]
        for project in projects {
            guard let tickets = snapshot.tickets[project.id] else { continue }
            events.append(
                .ticketsLoaded(
                    project: project, tickets: tickets.map { ticket($0, sessions: snapshot.sessions, server: server) },
                    requestedAt: snapshot.requestedAt))
        }
        return events
    }

    /// Event-socket messages the model uses: session facts, session-list changes, ticket moves and everything the
    /// notification policy turns into notifications. Output snapshots, pongs and the like are
    /// dropped here, so they never wake the UI loop.
    static func map(_ message: ServerMessage, server: String, receivedAt: Date = Date()) -> [AppEvent] {
        switch message {
        case .sessionStatus, .sessionWaiting, .sessionContext, .ticketState, .notification, .reviewResult,
            .aiAnalysisStatus, .error, .sessionsPushing, .sessionsChanged:
            return [.message(server: server, message, receivedAt: receivedAt)]
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
}

extension ServerEventMapper {
    /// When a retry scheduled at `retryAt` (monotonic) happens, as local wall-clock time
    /// (HH:mm:ss): a fixed time needs no countdown to stay true.
    static func retryClock(
        _ retryAt: MonotonicTime, now: MonotonicTime = MonotonicClock().now(), date: Date = Date()
    )
        -> String
    {
        let wall = date.addingTimeInterval(max(0, (retryAt - now).secondsDouble))
        let parts = Calendar.current.dateComponents([.hour, .minute, .second], from: wall)
        return String(format: "%02d:%02d:%02d", parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
    }
}
