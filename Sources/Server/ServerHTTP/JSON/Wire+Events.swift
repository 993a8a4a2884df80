// WebSocket messages as the protocol module types them (`ServerMessage`): the server's events
// become typed payloads and are encoded by `ServerMessage.encoded()` (compact, in coding order,
// optional fields omitted when nil), the one encoding both sides share. Only `pty:output` has a
// hand-made encoder of its own (PTYOutputEncoder), held byte-identical to this one by its tests.
import ClaudePMProtocol
import Foundation
import ServerCore

extension Wire {
    /// `message` as frame text, nil if it cannot be encoded (a number JSON cannot hold).
    static func text(_ message: ServerMessage) -> String? {
        (try? message.encoded()).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The WebSocket message for a server event.
    static func message(for event: ServerEvent) -> ServerMessage {
        switch event {
        case .sessionStatus(let id, let previous, let new, let at):
            return .sessionStatus(
                SessionStatusPayload(
                    sessionId: id, previousStatus: SessionStatus(rawValue: previous),
                    newStatus: SessionStatus(rawValue: new), timestamp: at))
        case .sessionWaiting(let id, let waiting, let reason, let by, let at):
            return .sessionWaiting(
                SessionWaitingPayload(
                    sessionId: id, waiting: waiting, reason: WaitingReason(rawValue: reason),
                    detectedBy: DetectionLayer(rawValue: by), timestamp: at))
        case .sessionOutput(let id, let lines):
            return output(id, lines)
        case .notification(let id, let title, let body, let at):
            return .notification(NotificationPayload(id: id, title: title, body: body, timestamp: at))
        case .ticketState(let t):
            return .ticketState(
                TicketStatePayload(
                    ticketId: t.ticketId, previousState: TicketState(rawValue: t.fromState),
                    newState: TicketState(rawValue: t.toState), trigger: TransitionTrigger(rawValue: t.trigger),
                    reason: TransitionReason(rawValue: t.reason), timestamp: t.at,
                    feedback: t.feedback.flatMap { $0.isEmpty ? nil : $0 },
                    triggeredBy: t.triggeredBy.flatMap { $0.isEmpty ? nil : $0 }))
        case .sessionsChanged(let id):
            return .sessionsChanged(SessionsChangedPayload(sessionId: id))
        }
    }

    /// `session:output` with a session's recent lines (raw: the pane's text as captured).
    static func output(_ id: String, _ lines: [String]) -> ServerMessage {
        .sessionOutput(SessionOutputPayload(sessionId: id, lines: lines, raw: true))
    }
}
