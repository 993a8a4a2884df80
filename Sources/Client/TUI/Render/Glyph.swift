// The text of a frame cell as plain data. A `String` in every frame cell made each copy of a
// cell (frames are copied, diffed and pasted by the thousand every frame) a reference-counted
// copy; a glyph is two words, so a frame is a flat block of memory that copies and compares
// with memcpy and memcmp.

/// A grapheme of up to 15 UTF-8 bytes held inline; longer ones (rare: long emoji sequences,
/// stacks of combining marks) are interned in a process-wide table and held by their index.
///
/// Two glyphs are equal when their UTF-8 bytes are (not under Unicode canonical equivalence, which
/// is what a terminal shows anyway).
public struct Glyph: Hashable, Sendable {
    /// Bytes 0–7 of the text, or the index of an interned text.
    private let low: UInt64
    /// Bytes 8–14 of the text, and its length (0–15, or `interned`) in the top byte.
    private let high: UInt64

    private static let interned: UInt64 = 0xFF
    private static let lengthShift: UInt64 = 56

    /// The glyph of `text`.
    public init(_ text: String) {
        let utf8 = text.utf8
        if utf8.count == 1, let byte = utf8.first {
            self.init(ascii: byte)
            return
        }
        var copy = text
        self = copy.withUTF8 { Glyph(utf8: $0) }
    }

    /// The glyph of one byte (ASCII, for the text views' fast path).
    public init(ascii byte: UInt8) {
        low = UInt64(byte)
        high = 1 << Self.lengthShift
    }

    private init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
    }

    private init(utf8: UnsafeBufferPointer<UInt8>) {
        guard utf8.count <= 15 else {
            self.init(low: UInt64(GlyphTable.shared.index(of: utf8)), high: Self.interned << Self.lengthShift)
            return
        }
        var low: UInt64 = 0
        var high: UInt64 = 0
        for (offset, byte) in utf8.enumerated() {
            if offset < 8 {
                low |= UInt64(byte) << (UInt64(offset) * 8)
            } else {
                high |= UInt64(byte) << (UInt64(offset - 8) * 8)
            }
        }
        self.init(low: low, high: high | UInt64(utf8.count) << Self.lengthShift)
    }

    /// A single space.
    public static let space = Glyph(ascii: 0x20)
    /// No text (the continuation cell of a wide character).
    public static let empty = Glyph("")

    private var length: UInt64 { high >> Self.lengthShift }

    /// True for the empty glyph.
    public var isEmpty: Bool { high == 0 && low == 0 }

    /// The byte of a one-byte glyph, else nil.
    public var singleByte: UInt8? { length == 1 ? UInt8(truncatingIfNeeded: low) : nil }

    /// The text.
    public var text: String {
        let length = self.length
        if length == Self.interned { return GlyphTable.shared.text(at: Int(low)) }
        if length == 0 { return "" }
        if length == 1, low < 128 { return Self.asciiStrings[Int(low)] }
        return withUnsafeBytes(of: (low, high)) { raw in
            String(decoding: raw.prefix(Int(length)), as: UTF8.self)
        }
    }

    private static let asciiStrings: [String] = (0..<128).map { String(UnicodeScalar(UInt8($0))) }
}
