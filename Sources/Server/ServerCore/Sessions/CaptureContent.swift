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

    /// The content of the captured `lines`.
    init(_ lines: [String]) {
        var bytes: [UInt8] = []
        for line in lines {
            var inEscape = false
            for scalar in line.unicodeScalars {
                if inEscape {
                    // A CSI ends at a final byte in @…~ (its `[` is not one); ESC x ends at x.
                    if (0x40...0x7E).contains(scalar.value) && scalar != "[" { inEscape = false }
                    continue
                }
                if scalar == "\u{1B}" {
                    inEscape = true
                } else if !scalar.properties.isWhitespace {
                    bytes.append(contentsOf: String(scalar).utf8)
                }
            }
        }
        self.bytes = bytes
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
