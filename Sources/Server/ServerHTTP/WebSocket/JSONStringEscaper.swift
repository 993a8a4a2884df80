// A byte-level JSON string escaper for the hot paths (`pty:output` frames). It produces exactly
// what the protocol's encoder (`ClaudePMJSON`, as JavaScript's JSON.stringify) produces for a
// string, without `Unicode.Scalar`s or Foundation formatting: `"` `\` `\b` `\f` `\n` `\r` `\t`
// get two-character escapes, other C0 controls become lowercase `\uXXXX`, every other byte (DEL
// and all non-ASCII UTF-8, U+2028 and U+2029 included) is copied as is. Input must be valid UTF-8
// (the bytes of a Swift `String`), so the output is valid UTF-8 too.

/// Escapes UTF-8 bytes into the body of a JSON string literal (without the surrounding quotes).
enum JSONStringEscaper {
    /// How many bytes `escape` writes for `input`.
    static func escapedCount(_ input: UnsafeBufferPointer<UInt8>) -> Int {
        var count = input.count
        for byte in input {
            if byte < 0x20 {
                count += isShortEscape(byte) ? 1 : 5
            } else if byte == 0x22 || byte == 0x5C {
                count += 1
            }
        }
        return count
    }

    /// Writes the escaped form of `input` at `output` (which has room for `escapedCount(input)`
    /// bytes); returns the number of bytes written.
    static func escape(_ input: UnsafeBufferPointer<UInt8>, into output: UnsafeMutablePointer<UInt8>) -> Int {
        var out = 0
        for byte in input {
            if byte >= 0x20 && byte != 0x22 && byte != 0x5C {
                output[out] = byte
                out += 1
            } else {
                out += writeEscape(byte, at: output + out)
            }
        }
        return out
    }

    /// The escaped body of `string` as bytes (for tests and small strings).
    static func escaped(_ string: String) -> [UInt8] {
        var string = string
        return string.withUTF8 { input in
            [UInt8](unsafeUninitializedCapacity: escapedCount(input)) { buffer, initialized in
                guard let base = buffer.baseAddress else { return }
                initialized = escape(input, into: base)
            }
        }
    }

    private static func isShortEscape(_ byte: UInt8) -> Bool {
        byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == 0x08 || byte == 0x0C
    }

    /// Writes the escape of `"`, `\` or a C0 control; returns its length.
    private static func writeEscape(_ byte: UInt8, at output: UnsafeMutablePointer<UInt8>) -> Int {
        output[0] = 0x5C
        switch byte {
        case 0x22, 0x5C: output[1] = byte
        case 0x0A: output[1] = UInt8(ascii: "n")
        case 0x0D: output[1] = UInt8(ascii: "r")
        case 0x09: output[1] = UInt8(ascii: "t")
        case 0x08: output[1] = UInt8(ascii: "b")
        case 0x0C: output[1] = UInt8(ascii: "f")
        default: return writeUnicodeEscape(UInt16(byte), at: output)
        }
        return 2
    }

    /// Writes `\uXXXX` with lowercase hex digits; returns 6.
    private static func writeUnicodeEscape(_ value: UInt16, at output: UnsafeMutablePointer<UInt8>) -> Int {
        output[0] = 0x5C
        output[1] = UInt8(ascii: "u")
        output[2] = hexDigit(value >> 12)
        output[3] = hexDigit(value >> 8)
        output[4] = hexDigit(value >> 4)
        output[5] = hexDigit(value)
        return 6
    }

    private static func hexDigit(_ value: UInt16) -> UInt8 {
        let nibble = UInt8(truncatingIfNeeded: value & 0xF)
        return nibble < 10 ? 0x30 + nibble : 0x57 + nibble
    }
}
