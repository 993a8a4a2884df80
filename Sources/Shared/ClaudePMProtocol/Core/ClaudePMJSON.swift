// The JSON coders every Claude PM surface uses. Dates go out exactly like JavaScript's
// `Date.prototype.toISOString()` (`YYYY-MM-DDTHH:mm:ss.sssZ`) and come in tolerantly.
import Foundation

/// Factory for the JSON encoder and decoder used on every Claude PM surface (REST and WebSocket).
///
/// Casing is not converted globally: each type carries explicit coding keys, because the wire
/// mixes snake_case (REST) and camelCase (WebSocket, agents, a few REST exceptions).
public enum ClaudePMJSON {
    /// An encoder that writes dates as `YYYY-MM-DDTHH:mm:ss.sssZ` (UTC, always milliseconds),
    /// keeps keys in coding (declaration) order and writes compact JSON without escaped slashes,
    /// like JavaScript's `JSON.stringify`. See `ClaudePMJSONEncoder`.
    public static func encoder() -> JSONEncoder {
        ClaudePMJSONEncoder()
    }

    /// A decoder that accepts ISO-8601 dates with or without fractional seconds and with `Z`
    /// or a numeric UTC offset.
    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = ISOTimestamp.parse(text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "Invalid ISO-8601 date: \(text)")
            }
            return date
        }
        return decoder
    }
}
