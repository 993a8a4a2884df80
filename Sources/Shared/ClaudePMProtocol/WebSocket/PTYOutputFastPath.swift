// `pty:output` is nearly everything a client receives while it shows live terminals (a wall of
// nine busy tiles is about a thousand frames a second). Foundation's JSONDecoder parses each one
// twice (type, then payload) and builds a String before the terminal wants bytes. This decodes
// the exact shape servers send, `{"type":"pty:output","payload":{"sessionId":"…","data":"…"}}`,
// straight from the frame's UTF-8 to the terminal bytes. Anything else (other key order,
// whitespace, extra fields, odd escapes) returns nil, and the caller decodes it the general way,
// so the fast path never changes what a frame means.

/// A byte-level decoder for the common shape of `pty:output` frames.
public enum PTYOutputFastPath {
    private static let head = Array(#"{"type":"pty:output","payload":{"sessionId":""#.utf8)
    private static let middle = Array(#"","data":""#.utf8)
    private static let tail = Array("}}".utf8)

    /// The terminal bytes carried by `text`, if it is a `pty:output` frame in the exact shape
    /// above; nil for any other frame.
    public static func data(of text: String) -> [UInt8]? {
        var text = text
        return text.withUTF8 { decode($0) }
    }

    /// As `data(of:)`, over a frame's UTF-8 bytes.
    public static func decode(_ frame: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard frame.starts(with: head) else { return nil }
        var index = head.count
        while index < frame.count, frame[index] != UInt8(ascii: "\"") {
            if frame[index] == UInt8(ascii: "\\") || frame[index] < 0x20 { return nil }
            index += 1
        }
        guard frame[index...].starts(with: middle) else { return nil }
        index += middle.count
        var output: [UInt8] = []
        output.reserveCapacity(frame.count - index)
        guard let end = JSONStringBytes.unescape(frame, from: index, into: &output) else { return nil }
        guard frame.count - end == tail.count, frame[end...].starts(with: tail) else { return nil }
        return output
    }
}
