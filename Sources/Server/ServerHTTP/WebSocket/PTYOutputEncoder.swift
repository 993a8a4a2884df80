// Builds `pty:output` messages straight from PTY bytes into a ByteBuffer: the fixed JSON prefix
// and suffix are prepared once per attach, the data is escaped byte by byte (JSONStringEscaper).
// The result is byte-identical to `ServerMessage.ptyOutput(…).encoded()`, at a fraction of the
// cost (no JSON tree, no per-scalar appends, no Foundation formatting per escape character).
import NIOCore

/// Encodes the PTY output of one attached session as `pty:output` message text.
struct PTYOutputEncoder {
    private var chunker = UTF8Chunker()
    private let prefix: [UInt8]
    private static let suffix: [UInt8] = Array(#""}}"#.utf8)

    /// An encoder for messages about `sessionId`.
    init(sessionId: String) {
        prefix =
            Array(#"{"type":"pty:output","payload":{"sessionId":""#.utf8) + JSONStringEscaper.escaped(sessionId)
            + Array(#"","data":""#.utf8)
    }

    /// The message for `bytes` (after any character the previous chunk left incomplete), or nil
    /// when they hold no complete character yet.
    mutating func message(_ bytes: [UInt8]) -> ByteBuffer? {
        var text = chunker.text(bytes)
        if text.isEmpty { return nil }
        return text.withUTF8 { body in
            let bodyCount = JSONStringEscaper.escapedCount(body)
            var buffer = ByteBufferAllocator().buffer(capacity: prefix.count + bodyCount + Self.suffix.count)
            buffer.writeBytes(prefix)
            buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: bodyCount) { raw in
                guard let base = raw.bindMemory(to: UInt8.self).baseAddress else { return 0 }
                return JSONStringEscaper.escape(body, into: base)
            }
            buffer.writeBytes(Self.suffix)
            return buffer
        }
    }
}
