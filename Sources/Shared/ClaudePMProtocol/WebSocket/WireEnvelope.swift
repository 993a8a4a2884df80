// The `{"type","payload"}` envelope shared by both directions. Decoding reads the frame at most
// three times (type, typed payload, raw JSON for unknowns) to avoid building a JSON tree for the
// frequent `pty:output` frames.
import Foundation

/// Helpers for the WebSocket envelope.
enum WireEnvelope {
    private struct TypeOnly: Decodable {
        let type: String
    }

    private struct Typed<Payload: Decodable>: Decodable {
        let payload: Payload
    }

    private struct Outgoing<Payload: Encodable>: Encodable {
        let type: String
        let payload: Payload
    }

    /// The frame's `type`; throws `ProtocolError` for non-JSON or a missing/non-string `type`.
    static func messageType(of data: Data) throws -> String {
        do {
            return try JSONDecoder().decode(TypeOnly.self, from: data).type
        } catch {
            let value = try raw(data)
            throw ProtocolError.invalid(issues: [ClientMessage.discriminatorIssue(for: value)])
        }
    }

    /// The frame as JSON; throws `ProtocolError.parse` if it is not JSON.
    static func raw(_ data: Data) throws -> JSONValue {
        do {
            return try JSONValue.parse(data)
        } catch {
            throw ProtocolError.parse(reason: String(describing: error))
        }
    }

    /// Decodes the `payload` member as `Payload`.
    static func payload<Payload: Decodable>(_ data: Data) throws -> Payload {
        try ClaudePMJSON.decoder().decode(Typed<Payload>.self, from: data).payload
    }

    /// Encodes `{"type": type, "payload": payload}`.
    static func encode(type: String, payload: (any Encodable & Sendable)?) throws -> Data {
        guard let payload else {
            return try ClaudePMJSON.encoder().encode(Outgoing(type: type, payload: EmptyObject()))
        }
        return try encodeOpened(type: type, payload: payload)
    }

    private static func encodeOpened(type: String, payload: some Encodable) throws -> Data {
        try ClaudePMJSON.encoder().encode(Outgoing(type: type, payload: payload))
    }
}

/// `{}`.
struct EmptyObject: Codable, Sendable, Equatable {}
