// The body of a JSON string literal, unescaped to UTF-8 bytes (RFC 8259 §7). Used by the
// `pty:output` fast path; strict: whatever Foundation's decoder might read differently (a raw
// control character, an unknown escape, a lone surrogate) is refused, not guessed.

/// Unescapes JSON string bodies to bytes.
enum JSONStringBytes {
    /// Appends the unescaped body that starts at `start` (just after the opening quote) to
    /// `output`; returns the index just after the closing quote, or nil if the body is invalid.
    static func unescape(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, into output: inout [UInt8]) -> Int? {
        var index = start
        var runStart = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                output.append(contentsOf: bytes[runStart..<index])
                return index + 1
            }
            if byte < 0x20 { return nil }
            if byte != UInt8(ascii: "\\") {
                index += 1
                continue
            }
            output.append(contentsOf: bytes[runStart..<index])
            guard let next = escape(bytes, at: index + 1, into: &output) else { return nil }
            index = next
            runStart = next
        }
        return nil
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
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt16(digit)
        }
        return value
    }
}
