// The JSON one server's relay sends to the others through NOTIFY: `{"origin": …, "event": {…}}`,
// where `event` mirrors a broadcast ServerEvent (`kind` "notification" or "ticketState" and its
// fields, or "sessionsChanged" with an optional session `id`). Dates are seconds since 2001-01-01
// (Foundation's reference date, exact for a Date).
// Session-scoped events are never relayed: the host owning the session serves them.
import Foundation
import ServerCore

/// A broadcast event with the relay that sent it.
struct RelayedEvent: Codable, Sendable, Equatable {
    /// The sending relay's origin (its server's identity); a relay ignores its own.
    var origin: String
    /// The event.
    var event: ServerEvent

    /// `event` from `origin`, or nil when the event is not a broadcast (relayed only by its host).
    init?(origin: String, event: ServerEvent) {
        switch event {
        case .notification, .ticketState, .sessionsChanged: break
        case .sessionStatus, .sessionWaiting, .sessionOutput: return nil
        }
        self.origin = origin
        self.event = event
    }

    /// The same event without a ticket transition's feedback text (to fit NOTIFY's payload
    /// limit), or nil when there is none to drop.
    func droppingFeedback() -> RelayedEvent? {
        guard case .ticketState(var transition) = event, transition.feedback != nil else { return nil }
        transition.feedback = nil
        var copy = self
        copy.event = .ticketState(transition)
        return copy
    }

    private enum CodingKeys: String, CodingKey {
        case origin, event
    }

    private enum EventKeys: String, CodingKey {
        case kind, id, title, body, at
        case ticketId, fromState, toState, trigger, reason, feedback, triggeredBy, historyId
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(origin, forKey: .origin)
        var fields = container.nestedContainer(keyedBy: EventKeys.self, forKey: .event)
        switch event {
        case .notification(let id, let title, let body, let at):
            try fields.encode("notification", forKey: .kind)
            try fields.encode(id, forKey: .id)
            try fields.encode(title, forKey: .title)
            try fields.encode(body, forKey: .body)
            try fields.encode(at.timeIntervalSinceReferenceDate, forKey: .at)
        case .ticketState(let t):
            try fields.encode("ticketState", forKey: .kind)
            try fields.encode(t.ticketId, forKey: .ticketId)
            try fields.encode(t.fromState, forKey: .fromState)
            try fields.encode(t.toState, forKey: .toState)
            try fields.encode(t.trigger, forKey: .trigger)
            try fields.encode(t.reason, forKey: .reason)
            try fields.encodeIfPresent(t.feedback, forKey: .feedback)
            try fields.encodeIfPresent(t.triggeredBy, forKey: .triggeredBy)
            try fields.encode(t.historyId, forKey: .historyId)
            try fields.encode(t.at.timeIntervalSinceReferenceDate, forKey: .at)
        case .sessionsChanged(let id):
            try fields.encode("sessionsChanged", forKey: .kind)
            try fields.encodeIfPresent(id, forKey: .id)
            try fields.encode(0.0, forKey: .at)
        case .sessionStatus, .sessionWaiting, .sessionOutput:
            throw EncodingError.invalidValue(
                event, .init(codingPath: encoder.codingPath, debugDescription: "session events are not relayed"))
        }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        origin = try container.decode(String.self, forKey: .origin)
        let fields = try container.nestedContainer(keyedBy: EventKeys.self, forKey: .event)
        let kind = try fields.decode(String.self, forKey: .kind)
        let at = Date(timeIntervalSinceReferenceDate: try fields.decode(Double.self, forKey: .at))
        switch kind {
        case "notification":
            event = .notification(
                id: try fields.decode(String.self, forKey: .id), title: try fields.decode(String.self, forKey: .title),
                body: try fields.decode(String.self, forKey: .body), at: at)
        case "ticketState":
            event = .ticketState(
                TicketTransition(
                    ticketId: try fields.decode(String.self, forKey: .ticketId),
                    fromState: try fields.decode(String.self, forKey: .fromState),
                    toState: try fields.decode(String.self, forKey: .toState),
                    trigger: try fields.decode(String.self, forKey: .trigger),
                    reason: try fields.decode(String.self, forKey: .reason),
                    feedback: try fields.decodeIfPresent(String.self, forKey: .feedback),
                    triggeredBy: try fields.decodeIfPresent(String.self, forKey: .triggeredBy),
                    historyId: try fields.decode(String.self, forKey: .historyId), at: at))
        case "sessionsChanged":
            event = .sessionsChanged(sessionId: try fields.decodeIfPresent(String.self, forKey: .id))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .kind, in: fields, debugDescription: "unknown event kind '\(kind)'")
        }
    }
}
