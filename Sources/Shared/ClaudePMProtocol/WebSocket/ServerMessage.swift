// Server → client WebSocket messages (§3.5). Every frame is `{"type","payload"}` with a
// camelCase payload; optional payload fields are omitted when nil.
import Foundation

/// A message from the server to a client.
///
/// Decoding is tolerant: a `type` this version does not know, or a known `type` whose payload
/// does not decode, becomes `.unknown(type:raw:)` where `raw` is the whole frame as JSON.
/// Encoding is exact; `.unknown` re-encodes `raw` unchanged.
public enum ServerMessage: Sendable, Equatable {
    /// `agent:snapshot`.
    case agentSnapshot(AgentSnapshotPayload)
    /// `agent:update`.
    case agentUpdate(AgentUpdatePayload)
    /// `agent:removed`.
    case agentRemoved(AgentRemovedPayload)
    /// `ticket:state`.
    case ticketState(TicketStatePayload)
    /// `notification`.
    case notification(NotificationPayload)
    /// `ai:analysis_status`.
    case aiAnalysisStatus(AIAnalysisStatusPayload)
    /// `review:result`.
    case reviewResult(ReviewResultPayload)
    /// `session:status`.
    case sessionStatus(SessionStatusPayload)
    /// `session:waiting`.
    case sessionWaiting(SessionWaitingPayload)
    /// `session:output`.
    case sessionOutput(SessionOutputPayload)
    /// `session:context`.
    case sessionContext(SessionContextPayload)
    /// `subscribed`.
    case subscribed(SubscribedPayload)
    /// `unsubscribed`.
    case unsubscribed(UnsubscribedPayload)
    /// `pong`.
    case pong(PongPayload)
    /// `error`.
    case error(ErrorPayload)
    /// `pty:attached`.
    case ptyAttached(PtyAttachedPayload)
    /// `pty:detached`.
    case ptyDetached(PtyDetachedPayload)
    /// `pty:output`.
    case ptyOutput(PtyOutputPayload)
    /// `pty:snapshot` (claudepm extension, pane streams only).
    case ptySnapshot(PtySnapshotPayload)
    /// `pty:exit`.
    case ptyExit(PtyExitPayload)
    /// `sessions:pushing` (extension): this socket gets `sessions:changed`.
    case sessionsPushing(SessionsPushingPayload)
    /// `sessions:changed` (extension): the session list changed.
    case sessionsChanged(SessionsChangedPayload)
    /// Any other type, or a known type with an undecodable payload; `raw` is the whole frame.
    case unknown(type: String, raw: JSONValue)

    /// The wire `type` string.
    public var type: String {
        switch self {
        case .agentSnapshot: "agent:snapshot"
        case .agentUpdate: "agent:update"
        case .agentRemoved: "agent:removed"
        case .ticketState: "ticket:state"
        case .notification: "notification"
        case .aiAnalysisStatus: "ai:analysis_status"
        case .reviewResult: "review:result"
        case .sessionStatus: "session:status"
        case .sessionWaiting: "session:waiting"
        case .sessionOutput: "session:output"
        case .sessionContext: "session:context"
        case .subscribed: "subscribed"
        case .unsubscribed: "unsubscribed"
        case .pong: "pong"
        case .error: "error"
        case .ptyAttached: "pty:attached"
        case .ptyDetached: "pty:detached"
        case .ptyOutput: "pty:output"
        case .ptySnapshot: "pty:snapshot"
        case .ptyExit: "pty:exit"
        case .sessionsPushing: "sessions:pushing"
        case .sessionsChanged: "sessions:changed"
        case .unknown(let type, _): type
        }
    }

    /// The payload to encode (nil only for `.unknown`).
    var payload: (any Encodable & Sendable)? {
        switch self {
        case .agentSnapshot(let payload): payload
        case .agentUpdate(let payload): payload
        case .agentRemoved(let payload): payload
        case .ticketState(let payload): payload
        case .notification(let payload): payload
        case .aiAnalysisStatus(let payload): payload
        case .reviewResult(let payload): payload
        case .sessionStatus(let payload): payload
        case .sessionWaiting(let payload): payload
        case .sessionOutput(let payload): payload
        case .sessionContext(let payload): payload
        case .subscribed(let payload): payload
        case .unsubscribed(let payload): payload
        case .pong(let payload): payload
        case .error(let payload): payload
        case .ptyAttached(let payload): payload
        case .ptyDetached(let payload): payload
        case .ptyOutput(let payload): payload
        case .ptySnapshot(let payload): payload
        case .ptyExit(let payload): payload
        case .sessionsPushing(let payload): payload
        case .sessionsChanged(let payload): payload
        case .unknown: nil
        }
    }
}
