// How server notification types and WebSocket payloads are presented: titles, priorities and
// categories as the iOS app shows them (protocol doc §5.1 and §5.2).

import ClaudePMProtocol
import Foundation

extension NotificationManager {
    /// The server's titles for its notification types (the WebSocket message only has the title).
    static let typeFromTitle: [String: NotificationType] = [
        "Input Required": .waitingInput, "Ready for Review": .reviewReady, "Context Low": .contextLow,
        "Handoff Complete": .handoffComplete, "Error": .error,
    ]

    /// Title, priority and category for a server notification type.
    static func style(
        _ type: NotificationType
    ) -> (title: String, priority: NotificationPriority, category: NotificationCategory) {
        switch type {
        case .waitingInput: return ("Input Required", .high, .session)
        case .reviewReady: return ("Ready for Review", .normal, .review)
        case .error: return ("Error", .urgent, .system)
        case .contextLow: return ("Context Low", .high, .session)
        case .handoffComplete: return ("Handoff Complete", .normal, .session)
        case .other(let raw): return (raw, .normal, .system)
        }
    }

    /// A `GET /api/notifications` entry as a client notification (unread, stored on the server).
    static func fromServer(_ item: NotificationItem, server: String) -> ClientNotification {
        let style = style(item.type)
        return ClientNotification(
            key: ClientNotification.Key(server: server, id: item.id), title: style.title, body: item.message,
            priority: style.priority, category: style.category, type: item.type, sessionId: item.session?.id,
            ticketId: item.ticket?.id, createdAt: item.createdAt, isOnServer: true)
    }

    static func review(_ payload: ReviewResultPayload, key: ClientNotification.Key) -> ClientNotification {
        let (label, priority): (String, NotificationPriority)
        switch payload.decision {
        case .complete: (label, priority) = ("Complete", .normal)
        case .notComplete: (label, priority) = ("Not Complete", .high)
        case .needsClarification: (label, priority) = ("Needs Clarification", .urgent)
        case .other(let raw): (label, priority) = (raw, .normal)
        }
        return ClientNotification(
            key: key, title: "Review: \(label)", body: payload.reasoning, priority: priority, category: .review,
            sessionId: payload.sessionId, ticketId: payload.ticketId, createdAt: payload.timestamp)
    }

    static func analysis(_ payload: AIAnalysisStatusPayload, key: ClientNotification.Key) -> ClientNotification {
        let (title, body, priority): (String, String, NotificationPriority)
        switch payload.status {
        case .generating: (title, body, priority) = ("Generating Review Report", "AI is generating analysis...", .low)
        case .completed: (title, body, priority) = ("Review Report Ready", "AI analysis completed", .normal)
        case .failed:
            (title, body, priority) = ("Review Report Failed", payload.error ?? "Analysis generation failed", .high)
        case .other(let raw):
            (title, body, priority) = ("Analysis Update", "\(payload.analysisType.rawValue): \(raw)", .normal)
        }
        return ClientNotification(
            key: key, title: title, body: body, priority: priority, category: .analysis,
            sessionId: payload.sessionId, ticketId: payload.ticketId, createdAt: payload.timestamp)
    }

    static func ticketMoved(_ payload: TicketStatePayload, key: ClientNotification.Key) -> ClientNotification {
        let reason = payload.reason.rawValue.replacingOccurrences(of: "_", with: " ")
        let body =
            reason.isEmpty
            ? "Ticket moved from \(payload.previousState.rawValue) to \(payload.newState.rawValue)"
            : "Ticket moved to \(payload.newState.rawValue): \(reason)"
        return ClientNotification(
            key: key, title: "Ticket Update", body: body, priority: .normal, category: .ticket,
            ticketId: payload.ticketId, createdAt: payload.timestamp)
    }
}
