// Tolerant decoding and exact encoding of `ClientMessage` frames.
import Foundation

extension ClientMessage {
    /// Decodes one frame without applying the Zod limits (see `validate(_:)` for that).
    ///
    /// Throws `ProtocolError.parse` for non-JSON and `ProtocolError.invalid` for a frame without a
    /// string `type`; unknown types and undecodable payloads become `.unknown(type:raw:)`.
    public static func decode(_ data: Data) throws -> ClientMessage {
        let type = try WireEnvelope.messageType(of: data)
        if let decodePayload = payloadDecoders[type], let message = try? decodePayload(data) {
            return message
        }
        return .unknown(type: type, raw: try WireEnvelope.raw(data))
    }

    /// Encodes the frame as `{"type":…,"payload":…}` (or `raw` verbatim for `.unknown`).
    public func encoded() throws -> Data {
        switch self {
        case .unknown(_, let raw): try ClaudePMJSON.encoder().encode(raw)
        default: try WireEnvelope.encode(type: type, payload: payload)
        }
    }

    private static func ref(_ data: Data) throws -> String {
        let payload: SessionRefPayload = try WireEnvelope.payload(data)
        return payload.sessionId
    }

    private static let payloadDecoders: [String: @Sendable (Data) throws -> ClientMessage] = [
        "session:subscribe": { .subscribe(sessionId: try ref($0)) },
        "session:unsubscribe": { .unsubscribe(sessionId: try ref($0)) },
        "session:input": { data in
            let payload: SessionInputPayload = try WireEnvelope.payload(data)
            return .input(sessionId: payload.sessionId, text: payload.text)
        },
        "session:keys": { data in
            let payload: SessionKeysPayload = try WireEnvelope.payload(data)
            return .keys(sessionId: payload.sessionId, keys: payload.keys)
        },
        "ping": { _ in .ping },
        "pty:attach": { data in
            let payload: PtyAttachPayload = try WireEnvelope.payload(data)
            return .ptyAttach(
                sessionId: payload.sessionId, cols: payload.cols, rows: payload.rows, readOnly: payload.readOnly,
                stream: payload.stream, history: payload.history)
        },
        "pty:detach": { .ptyDetach(sessionId: try ref($0)) },
        "pty:data": { data in
            let payload: PtyDataPayload = try WireEnvelope.payload(data)
            return .ptyData(sessionId: payload.sessionId, data: payload.data)
        },
        "pty:resize": { data in
            let payload: PtyResizePayload = try WireEnvelope.payload(data)
            return .ptyResize(
                sessionId: payload.sessionId, cols: payload.cols, rows: payload.rows, readOnly: payload.readOnly,
                fit: payload.fit)
        },
        "pty:selectPane": { .ptySelectPane(sessionId: try ref($0)) },
    ]
}
