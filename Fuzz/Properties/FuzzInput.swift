// Helpers shared by the fuzz properties: a cursor over the fuzzer's bytes, so one input can pick
// sizes and split points as well as carry the payload.

/// Reads small numbers from the front of a fuzz input; the rest is the payload.
public struct FuzzInput {
    private let bytes: [UInt8]
    private var index = 0

    /// Wraps one fuzz input.
    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The next byte, 0 once the input is exhausted.
    public mutating func byte() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }

    /// The bytes not read yet.
    public var rest: [UInt8] { index < bytes.count ? Array(bytes[index...]) : [] }
}
