// What a pane shows, without how it is laid out: the captured rows with escape sequences and
// whitespace removed. A resize (a client attaching at another size, a window split) changes the
// rows — padding, wrapping, how many history rows the capture reaches — but the content only
// gains or loses its oldest part, so it is not taken for output: output while waiting ends the
// wait (upstream's detection), a resize must not.

/// The layout-free content of a pane capture.
struct CaptureContent: Equatable, Sendable {
    /// The UTF-8 of every visible character, in order: no escape sequences (`capture-pane -e`),
    /// spaces or row breaks.
    let bytes: [UInt8]

    /// The content of the captured `lines`. Works on the UTF-8 of each line: a capture is taken
    /// many times a second for every busy pane, so it must not cost a Unicode property lookup
    /// and a String per character (it was the server's largest single cost on a busy wall).
    init(_ lines: [String]) {
        var bytes: [UInt8] = []
        for line in lines {
            var line = line
            line.withUTF8 { Self.append(visibleOf: $0, to: &bytes) }
        }
        self.bytes = bytes
    }

    /// Appends the UTF-8 of `line`'s characters that are neither whitespace nor part of an
    /// escape sequence.
    private static func append(visibleOf line: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        var inEscape = false
        var index = 0
        while index < line.count {
            let byte = line[index]
            if byte >= 0x80 {
                // A multi-byte character: whitespace by Unicode's definition, or not.
                let length = Self.sequenceLength(lead: byte, available: line.count - index)
                let end = index + length
                if !inEscape && !Self.isWhitespace(UnsafeBufferPointer(rebasing: line[index..<end])) {
                    bytes.append(contentsOf: line[index..<end])
                }
                index = end
                continue
            }
            index += 1
            if inEscape {
                // A CSI ends at a final byte in @…~ (its `[` is not one); ESC x ends at x.
                if (0x40...0x7E).contains(byte) && byte != UInt8(ascii: "[") { inEscape = false }
            } else if byte == 0x1B {
                inEscape = true
            } else if !(byte == 0x20 || (0x09...0x0D).contains(byte)) {
                bytes.append(byte)
            }
        }
    }

    /// How many bytes the character led by `lead` takes (at least 1, at most `available`).
    private static func sequenceLength(lead: UInt8, available: Int) -> Int {
        let length: Int
        switch lead {
        case 0xF0...: length = 4
        case 0xE0...: length = 3
        case 0xC0...: length = 2
        default: length = 1
        }
        return min(length, available)
    }

    /// Whether the one character in `utf8` is Unicode whitespace.
    private static func isWhitespace(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        var decoder = UTF8()
        var iterator = utf8.makeIterator()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return false }
        return isWhitespace(scalar.value)
    }

    /// Unicode's White_Space property (`Unicode.Scalar.Properties.isWhitespace`), spelled out:
    /// the property is a short, stable list, and looking it up in the property tables cost a
    /// busy pane's every box-drawing and wide character (`CaptureContentTests` compares the two
    /// over every scalar).
    static func isWhitespace(_ value: UInt32) -> Bool {
        switch value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000:
            true
        default:
            false
        }
    }

    /// A hash of `lines`' UTF-8 bytes, to tell a capture that changed from one that did not.
    /// Unlike `[String].hashValue`, it does not normalise the text (which cost more than the rest
    /// of the comparison for a screen of box drawing); texts with the same characters in other
    /// bytes count as a change, which only costs one more comparison.
    static func fingerprint(_ lines: [String]) -> Int {
        var hasher = Hasher()
        for var line in lines {
            line.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
            hasher.combine(0xFF as UInt8)
        }
        return hasher.finalize()
    }

    /// True when `other` is this content laid out again: the same characters, give or take the
    /// oldest ones (a taller pane shows history rows the capture did not reach before, a shorter
    /// one fewer). New output adds characters at the end, so it is never a re-layout; anything
    /// appearing on a blank pane is output.
    func isRelayout(of other: CaptureContent) -> Bool {
        let (long, short) = bytes.count >= other.bytes.count ? (bytes, other.bytes) : (other.bytes, bytes)
        if short.isEmpty { return long.isEmpty }
        return long.suffix(short.count).elementsEqual(short)
    }
}
