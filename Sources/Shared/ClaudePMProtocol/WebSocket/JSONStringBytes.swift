// The body of a JSON string literal, unescaped to UTF-8 bytes (RFC 8259 §7). Used by the
// `pty:output` fast path; strict: whatever Foundation's decoder might read differently (a raw
// control character, an unknown escape, a lone surrogate) is refused, not guessed.

/// Unescapes JSON string bodies to bytes.
enum JSONStringBytes {
    /// Appends the unescaped body that starts at `start` (just after the opening quote) to
    /// `output`; returns the index just after the closing quote, or nil if the body is invalid.
    ///
    /// Every byte of a busy tile's output passes here (about 600 KB/s for a wall of nine): a byte
    /// that needs nothing costs two comparisons, and `\u00XX` for an ASCII control character
    /// (ESC, in every colour change) is read in place.
    static func unescape(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, into output: inout [UInt8]) -> Int? {
        var index = start
        var runStart = start
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            // Neither a quote (0x22), a backslash (0x5C) nor a control character (< 0x20).
            if (byte > 0x22 && byte != 0x5C) || byte == 0x20 || byte == 0x21 {
                index += 1
                continue
            }
            if byte == UInt8(ascii: "\"") {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                return index + 1
            }
            if byte < 0x20 { return nil }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            if let ascii = asciiEscape(bytes, at: index) {
                output.append(ascii)
                index += 6
            } else {
                guard let next = escape(bytes, at: index + 1, into: &output) else { return nil }
                index = next
            }
            runStart = index
        }
        return nil
    }

    /// The byte of a `\u00XX` escape at `index` (the backslash) when XX is below 0x80 (one UTF-8
    /// byte); nil for any other escape.
    @inline(__always)
    private static func asciiEscape(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt8? {
        guard index + 5 < bytes.count, bytes[index + 1] == UInt8(ascii: "u"), bytes[index + 2] == UInt8(ascii: "0"),
            bytes[index + 3] == UInt8(ascii: "0"), let high = hexDigit(bytes[index + 4]), high < 8,
            let low = hexDigit(bytes[index + 5])
        else { return nil }
        return high << 4 | low
    }

    @inline(__always)
    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Decodes the escape whose letter is at `index`; returns the index after it.
    private static func escape(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, into output: inout [UInt8]) -> Int? {
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(bytes[index])
        case UInt8(ascii: "b"): output.append(0x08)
        case UInt8(ascii: "f"): output.append(0x0C)
        case UInt8(ascii: "n"): output.append(0x0A)
        case UInt8(ascii: "r"): output.append(0x0D)
        case UInt8(ascii: "t"): output.append(0x09)
        case UInt8(ascii: "u"): return unicode(bytes, at: index + 1, into: &output)
        default: return nil
        }
        return index + 1
    }

    /// Decodes `XXXX` (and a following `\uXXXX` low surrogate) at `index`.
    private static func unicode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, into output: inout [UInt8]) -> Int?
    {
        guard let unit = hex4(bytes, at: index) else { return nil }
        var scalarValue = UInt32(unit)
        var next = index + 4
        if (0xD800...0xDBFF).contains(unit) {
            guard next + 1 < bytes.count, bytes[next] == UInt8(ascii: "\\"), bytes[next + 1] == UInt8(ascii: "u"),
                let low = hex4(bytes, at: next + 2), (0xDC00...0xDFFF).contains(low)
            else { return nil }
            scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            next += 6
        }
        guard let scalar = Unicode.Scalar(scalarValue) else { return nil }
        UTF8.encode(scalar) { output.append($0) }
        return next
    }

    private static func hex4(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt16? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt16 = 0
        for byte in bytes[index..<index + 4] {
            guard let digit = hexDigit(byte) else { return nil }
            value = value << 4 | UInt16(digit)
        }
        return value
    }
}
