// Incremental WebSocket frame parser for server→client frames (unmasked), with fragmentation.
import Synchronization

/// What a complete server frame (or message) is.
enum IncomingFrame: Sendable {
    case text(String)
    case ping([UInt8])
    case close
}

/// Turns received bytes into frames; used only from one reader thread (the Mutex makes it Sendable).
final class FrameReader: Sendable {
    private struct State {
        var buffer: [UInt8]
        var fragments: [UInt8] = []
    }
    private let state: Mutex<State>

    init(initial: [UInt8]) { state = Mutex(State(buffer: initial)) }

    /// Appends `chunk` and returns the frames now complete.
    func feed(_ chunk: [UInt8]) -> [IncomingFrame] {
        state.withLock { state in
            state.buffer += chunk
            var frames: [IncomingFrame] = []
            var consumed = 0
            while let (frame, used) = Self.parse(state.buffer[consumed...], fragments: &state.fragments) {
                consumed += used
                if let frame { frames.append(frame) }
            }
            state.buffer.removeFirst(consumed)
            return frames
        }
    }

    /// Parses one frame from the start of `bytes`: nil when incomplete; else the frame (nil for a
    /// non-final fragment or an ignored opcode) and how many bytes it used.
    private static func parse(_ bytes: ArraySlice<UInt8>, fragments: inout [UInt8]) -> (IncomingFrame?, Int)? {
        let base = bytes.startIndex
        guard bytes.count >= 2 else { return nil }
        let fin = bytes[base] & 0x80 != 0
        let opcode = bytes[base] & 0x0F
        var length = Int(bytes[base + 1] & 0x7F)
        var offset = 2
        if length == 126 {
            guard bytes.count >= 4 else { return nil }
            length = Int(bytes[base + 2]) << 8 | Int(bytes[base + 3])
            offset = 4
        } else if length == 127 {
            guard bytes.count >= 10 else { return nil }
            length = (0..<8).reduce(0) { $0 << 8 | Int(bytes[base + 2 + $1]) }
            offset = 10
        }
        guard bytes.count >= offset + length else { return nil }
        let payload = Array(bytes[(base + offset)..<(base + offset + length)])
        let used = offset + length
        switch opcode {
        case 0x1, 0x0:
            fragments += payload
            guard fin else { return (nil, used) }
            defer { fragments = [] }
            return (.text(String(decoding: fragments, as: UTF8.self)), used)
        case 0x2:
            return (.text(String(decoding: payload, as: UTF8.self)), used)
        case 0x9: return (.ping(payload), used)
        case 0x8: return (.close, used)
        default: return (nil, used)
        }
    }
}
