// A tiny bounds-checked cursor over UTF-8 bytes, used by `ISOTimestamp.parse`.

/// Reads fixed-width digit groups and separators; every method fails softly at the end of input.
struct DigitScanner {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var atEnd: Bool { index == bytes.count }

    /// Consumes `character` if it is next.
    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    /// Reads exactly `width` ASCII digits.
    mutating func number(_ width: Int) -> Int? {
        guard bytes.count - index >= width else { return nil }
        var value = 0
        for offset in 0..<width {
            let byte = bytes[index + offset]
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        index += width
        return value
    }

    /// Reads one or more digits after a decimal point and returns them as a fraction of a second.
    mutating func fraction() -> Double? {
        var value = 0.0
        var scale = 1.0
        var count = 0
        while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
            if count < 9 {
                scale /= 10
                value += Double(bytes[index] - 0x30) * scale
            }
            count += 1
            index += 1
        }
        return count > 0 ? value : nil
    }

    /// Reads `Z`, `±HH:mm` or `±HHmm` and returns the offset from UTC in seconds.
    mutating func utcOffset() -> Int? {
        if skip("Z") || skip("z") { return 0 }
        let sign: Int
        if skip("+") {
            sign = 1
        } else if skip("-") {
            sign = -1
        } else {
            return nil
        }
        guard let hours = number(2) else { return nil }
        _ = skip(":")
        guard let minutes = number(2), hours < 24, minutes < 60 else { return nil }
        return sign * (hours * 3600 + minutes * 60)
    }
}
