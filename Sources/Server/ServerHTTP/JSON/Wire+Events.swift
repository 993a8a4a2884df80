// WebSocket message shapes (camelCase; optional fields omitted when empty).
import Foundation
import ServerCore

extension Wire {
    /// `{"type": type, "payload": payload}` as text.
    static func message(_ type: String, _ payload: [(String, WireJSON)]) -> String {
        WireJSON.object([("type", .string(type)), ("payload", .object(payload))]).serialized()
    }

    /// The WebSocket message for a server event.
    static func event(_ event: ServerEvent) -> String {
        switch event {
        case .sessionStatus(let id, let prev, let new, let at):
            return message(
                "session:status",
                [
                    ("sessionId", .string(id)), ("previousStatus", .string(prev)), ("newStatus", .string(new)),
                    ("timestamp", .date(at)),
                ])
        case .sessionWaiting(let id, let waiting, let reason, let by, let at):
            return message(
                "session:waiting",
                [
                    ("sessionId", .string(id)), ("waiting", .bool(waiting)), ("reason", .string(reason)),
                    ("detectedBy", .string(by)), ("timestamp", .date(at)),
                ])
        case .sessionOutput(let id, let lines):
            return output(id, lines)
        case .notification(let id, let title, let body, let at):
            return message(
                "notification",
                [("id", .string(id)), ("title", .string(title)), ("body", .string(body)), ("timestamp", .date(at))])
        case .ticketState(let t):
            return ticketState(t)
        case .sessionsChanged(let id):
            return message("sessions:changed", id.map { [("sessionId", .string($0))] } ?? [])
        }
    }

    static func output(_ id: String, _ lines: [String]) -> String {
        message(
            "session:output",
            [("sessionId", .string(id)), ("lines", .array(lines.map { .string($0) })), ("raw", .bool(true))]
        )
    }

    private static func ticketState(_ t: TicketTransition) -> String {
        var payload: [(String, WireJSON)] = [
            ("ticketId", .string(t.ticketId)), ("previousState", .string(t.fromState)),
            ("newState", .string(t.toState)), ("trigger", .string(t.trigger)), ("reason", .string(t.reason)),
            ("timestamp", .date(t.at)),
        ]
        if let f = t.feedback, !f.isEmpty { payload.append(("feedback", .string(f))) }
        if let by = t.triggeredBy, !by.isEmpty { payload.append(("triggeredBy", .string(by))) }
        return message("ticket:state", payload)
    }
}
