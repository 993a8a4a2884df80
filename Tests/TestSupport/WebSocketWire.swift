// Reads RFC 6455 frames off recorded wire bytes (a StallProxy's): what a test checks of a link
// from outside it, such as the close frame a client sent or the RSV1 bit of compressed frames.

/// One WebSocket frame as it was on the wire.
public struct WireFrame: Sendable, Equatable {
    /// FIN, RSV1 (set on a permessage-deflate message's first frame) and the opcode.
    public var fin: Bool
    public var rsv1: Bool
    public var opcode: UInt8
    /// The payload, unmasked.
    public var payload: [UInt8]

    /// The code of a close frame (opcode 8) that carries one.
    public var closeCode: UInt16? {
        guard opcode == 8, payload.count >= 2 else { return nil }
        return UInt16(payload[0]) << 8 | UInt16(payload[1])
    }
}

/// Parses the frames that follow an HTTP upgrade.
public enum WebSocketWire {
    /// The HTTP head (up to the blank line) and the frames after it; frames cut off at the end
    /// are left out.
    public static func parse(_ bytes: [UInt8]) -> (head: String, frames: [WireFrame]) {
        let blank: [UInt8] = [13, 10, 13, 10]
        guard let end = (0..<max(bytes.count - 3, 0)).first(where: { Array(bytes[$0..<$0 + 4]) == blank }) else {
            return (String(decoding: bytes, as: UTF8.self), [])
        }
        let head = String(decoding: bytes[..<end], as: UTF8.self)
        return (head, frames(Array(bytes[(end + 4)...])))
    }

    static func frames(_ bytes: [UInt8]) -> [WireFrame] {
        var frames: [WireFrame] = []
        var at = 0
        while at + 2 <= bytes.count {
            let (first, second) = (bytes[at], bytes[at + 1])
            var length = Int(second & 0x7F)
            var offset = at + 2
            if length == 126 {
                guard offset + 2 <= bytes.count else { break }
                length = Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
                offset += 2
            } else if length == 127 {
                guard offset + 8 <= bytes.count else { break }
                length = bytes[offset..<offset + 8].reduce(0) { $0 << 8 | Int($1) }
                offset += 8
            }
            let mask = second & 0x80 != 0 ? Array(bytes[min(offset, bytes.count)..<min(offset + 4, bytes.count)]) : []
            offset += mask.count
            guard mask.count == (second & 0x80 != 0 ? 4 : 0), offset + length <= bytes.count else { break }
            var payload = Array(bytes[offset..<offset + length])
            if !mask.isEmpty { for i in payload.indices { payload[i] ^= mask[i % 4] } }
            frames.append(
                WireFrame(fin: first & 0x80 != 0, rsv1: first & 0x40 != 0, opcode: first & 0x0F, payload: payload))
            at = offset + length
        }
        return frames
    }
}
