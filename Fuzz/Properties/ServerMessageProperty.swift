// Server frames as the client decodes them: the `pty:output` fast path must agree with the
// general decoder (same bytes, or the fast path declines), and every decoded frame re-encodes to
// a frame that decodes to the same message.
import ClaudePMProtocol
import Foundation

/// The property checked by the `server-message` fuzz target.
public enum ServerMessageProperty {
    /// Nil when the property holds for `bytes`, else what failed. The first byte picks the mode:
    /// even = `bytes` are a frame; odd = `bytes` are terminal output wrapped in an encoded frame.
    public static func check(_ bytes: [UInt8]) -> String? {
        var input = FuzzInput(bytes)
        let mode = input.byte()
        if mode % 2 == 0 { return checkFrame(String(decoding: input.rest, as: UTF8.self)) }
        let text = String(decoding: input.rest, as: UTF8.self)
        let message = ServerMessage.ptyOutput(PtyOutputPayload(sessionId: "s-\(mode)", data: text))
        guard let frame = try? message.encoded() else { return "cannot encode pty:output" }
        if let fast = PTYOutputFastPath.data(of: String(decoding: frame, as: UTF8.self)),
            fast != Array(text.utf8)
        {
            return "fast path changed the bytes of an encoded frame"
        }
        return checkFrame(String(decoding: frame, as: UTF8.self))
    }

    /// The fast path and the general decoder agree on `frame`, and decoding round-trips.
    static func checkFrame(_ frame: String) -> String? {
        let general = try? ServerMessage.decode(Data(frame.utf8))
        if let fast = PTYOutputFastPath.data(of: frame) {
            guard case .ptyOutput(let payload)? = general else {
                return "fast path accepted a frame the decoder reads as \(String(describing: general))"
            }
            if Array(payload.data.utf8) != fast { return "fast path and decoder disagree on the bytes" }
        }
        guard let message = general else { return nil }
        guard let encoded = try? message.encoded() else { return "cannot re-encode \(message)" }
        guard let again = try? ServerMessage.decode(encoded) else { return "re-encoded frame does not decode" }
        if again != message { return "round trip changed the message: \(message) → \(again)" }
        return nil
    }
}
