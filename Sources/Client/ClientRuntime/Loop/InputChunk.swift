// InputChunk: the bytes of one read of the terminal's input and when they arrived.

/// Bytes read from the input at once (keys, mouse, paste), with their arrival time.
public struct InputChunk: Sendable, Equatable {
    /// The bytes, as read.
    public var bytes: [UInt8]
    /// When they were read, on the loop's clock (nil: as they are handed over).
    public var at: Duration?

    /// A chunk of `bytes` read at `at`.
    public init(bytes: [UInt8], at: Duration?) {
        self.bytes = bytes
        self.at = at
    }
}
