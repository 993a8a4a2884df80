// One whole WebSocket message as it came off the socket: the frame's bytes, not yet a String.
// A PTY stream reads `pty:output` straight from these bytes (PTYOutputFastPath); building a
// String first cost a copy and a UTF-8 validation of every frame (about 3 % of a busy wall's
// client work). Other readers ask for `text`, which repairs ill-formed UTF-8 as before.

import NIOCore

/// A text (or binary) message received on a link.
public struct LinkMessage: Sendable {
    /// The message's bytes.
    public let buffer: ByteBuffer

    /// A message holding `buffer`.
    public init(_ buffer: ByteBuffer) {
        self.buffer = buffer
    }

    /// A message holding the UTF-8 of `text` (tests, local fakes).
    public init(text: String) {
        self.init(ByteBuffer(string: text))
    }

    /// The message as text; ill-formed UTF-8 is repaired (U+FFFD), as a text frame always was.
    public var text: String { String(buffer: buffer) }

    /// Calls `body` with the message's bytes.
    public func withBytes<T>(_ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        try buffer.withUnsafeReadableBytes { try body($0.bindMemory(to: UInt8.self)) }
    }
}
