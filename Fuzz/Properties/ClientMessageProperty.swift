// Client frames as the server validates them: a frame the validator accepts re-encodes to a frame
// that validates to the same message, and what it accepts stays inside the documented limits.
import ClaudePMProtocol
import Foundation

/// The property checked by the `client-message` fuzz target.
public enum ClientMessageProperty {
    /// Nil when the property holds for `bytes`, else what failed.
    public static func check(_ bytes: [UInt8]) -> String? {
        let data = Data(bytes)
        let decoded = try? ClientMessage.decode(data)
        guard case .success(let message) = ClientMessage.validate(data) else { return nil }
        if decoded == nil { return "the validator accepts a frame the decoder rejects" }
        if let limit = limitBroken(message) { return limit }
        guard let encoded = try? message.encoded() else { return "cannot re-encode \(message)" }
        guard case .success(let again) = ClientMessage.validate(encoded) else {
            return "re-encoded \(message) no longer validates"
        }
        if again != message { return "round trip changed the message: \(message) → \(again)" }
        if (try? ClientMessage.decode(encoded)) != message { return "decoder disagrees after the round trip" }
        return nil
    }

    /// The limit a validated message breaks, if any.
    static func limitBroken(_ message: ClientMessage) -> String? {
        switch message {
        case .input(_, let text) where text.utf16.count > ClientMessage.maxInputLength:
            return "input longer than \(ClientMessage.maxInputLength)"
        case .keys(_, let keys) where keys.utf16.count > ClientMessage.maxKeysLength:
            return "keys longer than \(ClientMessage.maxKeysLength)"
        case .ptyResize(_, let cols, let rows, _, _)
        where !ClientMessage.colsRange.contains(cols) || !ClientMessage.rowsRange.contains(rows):
            return "resize to \(cols)x\(rows) outside the allowed ranges"
        case .unknown: return "the validator returned .unknown"
        default: return nil
        }
    }
}
