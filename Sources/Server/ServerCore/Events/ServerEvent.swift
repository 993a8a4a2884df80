// Events ServerCore publishes for the WebSocket layer. Routing (to all sockets or to a session's
// subscribers) is the HTTP layer's job; the payload fields follow the protocol's camelCase messages.
import Foundation

/// Something that happened in the server which WebSocket clients may need to know.
public enum ServerEvent: Sendable, Equatable {
    /// A session changed status (to its subscribers).
    case sessionStatus(sessionId: String, previous: String, new: String, at: Date)
    /// A session's waiting state flipped (to its subscribers).
    case sessionWaiting(sessionId: String, waiting: Bool, reason: String, detectedBy: String, at: Date)
    /// A new output snapshot of a session (to subscribers without a PTY).
    case sessionOutput(sessionId: String, lines: [String])
    /// A notification was created or upserted (to all).
    case notification(id: String, title: String, body: String, at: Date)
    /// A ticket changed state (to all).
    case ticketState(TicketTransition)
    /// The session list changed: a session was added, removed or renamed, or its project or
    /// ticket changed (extension `sessions:changed`: to the sockets that asked for it with
    /// `?push=sessions`); `sessionId` when it is one session.
    case sessionsChanged(sessionId: String?)

    /// The session this event is scoped to, nil for broadcasts.
    public var sessionId: String? {
        switch self {
        case .sessionStatus(let id, _, _, _), .sessionWaiting(let id, _, _, _, _), .sessionOutput(let id, _): id
        case .notification, .ticketState, .sessionsChanged: nil
        }
    }
}

/// A ticket state transition, as stored in history and broadcast as `ticket:state`.
public struct TicketTransition: Sendable, Equatable {
    public var ticketId: String
    public var fromState: String
    public var toState: String
    public var trigger: String
    public var reason: String
    public var feedback: String?
    public var triggeredBy: String?
    public var historyId: String
    public var at: Date

    /// A transition (also rebuilt from another server's relayed event).
    public init(
        ticketId: String, fromState: String, toState: String, trigger: String, reason: String, feedback: String?,
        triggeredBy: String?, historyId: String, at: Date
    ) {
        self.ticketId = ticketId
        self.fromState = fromState
        self.toState = toState
        self.trigger = trigger
        self.reason = reason
        self.feedback = feedback
        self.triggeredBy = triggeredBy
        self.historyId = historyId
        self.at = at
    }
}
