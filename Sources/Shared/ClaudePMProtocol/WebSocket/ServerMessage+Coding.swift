// Tolerant decoding and exact encoding of `ServerMessage` frames.
import Foundation

extension ServerMessage {
    /// Decodes one frame.
    ///
    /// Throws `ProtocolError.parse` if `data` is not JSON and `ProtocolError.invalid` if it is not
    /// an object with a string `type`. Never throws for an unknown type or a bad payload of a
    /// known type: those become `.unknown(type:raw:)`.
    public static func decode(_ data: Data) throws -> ServerMessage {
        let type = try WireEnvelope.messageType(of: data)
        if let decodePayload = payloadDecoders[type], let message = try? decodePayload(data) {
            return message
        }
        return .unknown(type: type, raw: try WireEnvelope.raw(data))
    }

    /// True for a `type` this protocol knows: its `.unknown` means the payload did not decode.
    public static func isKnownType(_ type: String) -> Bool { payloadDecoders[type] != nil }

    /// Encodes the frame as `{"type":…,"payload":…}` (or `raw` verbatim for `.unknown`).
    public func encoded() throws -> Data {
        switch self {
        case .unknown(_, let raw): try ClaudePMJSON.encoder().encode(raw)
        default: try WireEnvelope.encode(type: type, payload: payload)
        }
    }

    private static let payloadDecoders: [String: @Sendable (Data) throws -> ServerMessage] = [
        "agent:snapshot": { .agentSnapshot(try WireEnvelope.payload($0)) },
        "agent:update": { .agentUpdate(try WireEnvelope.payload($0)) },
        "agent:removed": { .agentRemoved(try WireEnvelope.payload($0)) },
        "ticket:state": { .ticketState(try WireEnvelope.payload($0)) },
        "notification": { .notification(try WireEnvelope.payload($0)) },
        "ai:analysis_status": { .aiAnalysisStatus(try WireEnvelope.payload($0)) },
        "review:result": { .reviewResult(try WireEnvelope.payload($0)) },
        "session:status": { .sessionStatus(try WireEnvelope.payload($0)) },
        "session:waiting": { .sessionWaiting(try WireEnvelope.payload($0)) },
        "session:output": { .sessionOutput(try WireEnvelope.payload($0)) },
        "session:context": { .sessionContext(try WireEnvelope.payload($0)) },
        "subscribed": { .subscribed(try WireEnvelope.payload($0)) },
        "unsubscribed": { .unsubscribed(try WireEnvelope.payload($0)) },
        "pong": { .pong(try WireEnvelope.payload($0)) },
        "error": { .error(try WireEnvelope.payload($0)) },
        "pty:attached": { .ptyAttached(try WireEnvelope.payload($0)) },
        "pty:detached": { .ptyDetached(try WireEnvelope.payload($0)) },
        "pty:output": { .ptyOutput(try WireEnvelope.payload($0)) },
        "pty:snapshot": { .ptySnapshot(try WireEnvelope.payload($0)) },
        "pty:exit": { .ptyExit(try WireEnvelope.payload($0)) },
        "sessions:pushing": { .sessionsPushing(try WireEnvelope.payload($0)) },
        "sessions:changed": { .sessionsChanged(try WireEnvelope.payload($0)) },
    ]
}
