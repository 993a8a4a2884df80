// A look at a frame's type without decoding it, for frames a client drops anyway. Only the
// servers' usual shape is recognised (`{"type":"…",` first, no whitespace); any other shape is
// "not known", and the caller decodes the frame the general way, so a peek never changes what a
// frame means.

/// Recognises a frame's message type from its first bytes.
public enum MessageTypePeek {
    private static let sessionOutput = Array(#"{"type":"session:output","#.utf8)

    /// True when `text` is a `session:output` frame in the usual shape.
    public static func isSessionOutput(_ text: String) -> Bool {
        text.utf8.starts(with: sessionOutput)
    }

    /// As `isSessionOutput(_:)`, over a frame's UTF-8 bytes (no String built for a frame that
    /// is dropped).
    public static func isSessionOutput(_ frame: UnsafeBufferPointer<UInt8>) -> Bool {
        frame.starts(with: sessionOutput)
    }
}
