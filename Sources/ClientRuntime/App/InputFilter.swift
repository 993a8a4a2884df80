// InputFilter: takes out of the raw key stream what is not a key — bracketed pastes
// (ESC[200~ … ESC[201~) and focus reports (ESC[I, ESC[O) — before the key decoder sees it, so a
// paste reaches the remote program as one paste and focus drives the alert policy. A marker
// split across two reads is held back until the next read (or the escape timeout).

/// One piece of filtered input.
enum InputPiece: Equatable, Sendable {
    /// Bytes for the key decoder.
    case keys([UInt8])
    /// A complete paste.
    case paste(String)
    /// Focus gained (true) or lost (false).
    case focus(Bool)
}

/// Splits raw terminal input into keys, pastes and focus changes.
struct InputFilter: Sendable {
    private static let pasteStart: [UInt8] = Array("\u{1B}[200~".utf8)
    private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)
    private static let focusIn: [UInt8] = Array("\u{1B}[I".utf8)
    private static let focusOut: [UInt8] = Array("\u{1B}[O".utf8)

    private var carry: [UInt8] = []
    private var paste: [UInt8]?

    /// True while bytes are held back (a partial marker or an unfinished paste).
    var hasPending: Bool { !carry.isEmpty }

    /// Filters the next chunk of input.
    mutating func feed(_ input: [UInt8]) -> [InputPiece] {
        let bytes = carry + input
        carry = []
        var pieces: [InputPiece] = []
        var keys: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if paste != nil {
                index = consumePaste(bytes, from: index, into: &pieces)
                continue
            }
            let rest = bytes[index...]
            if bytes[index] == 0x1B, let (piece, length) = Self.marker(rest) {
                if !keys.isEmpty { pieces.append(.keys(keys)) }
                keys = []
                if let piece { pieces.append(piece) } else { paste = [] }
                index += length
            } else if bytes[index] == 0x1B, Self.isMarkerPrefix(rest) {
                carry = Array(rest)
                break
            } else {
                keys.append(bytes[index])
                index += 1
            }
        }
        if !keys.isEmpty { pieces.append(.keys(keys)) }
        return pieces
    }

    /// Releases held-back bytes as keys (called when the escape delay passed).
    mutating func flush() -> [InputPiece] {
        defer { carry = [] }
        return carry.isEmpty || paste != nil ? [] : [.keys(carry)]
    }

    private mutating func consumePaste(_ bytes: [UInt8], from index: Int, into pieces: inout [InputPiece]) -> Int {
        let rest = Array(bytes[index...])
        if let end = rest.firstRange(of: Self.pasteEnd) {
            let text = (paste ?? []) + rest[..<end.lowerBound]
            pieces.append(.paste(String(decoding: text, as: UTF8.self)))
            paste = nil
            return index + end.upperBound
        }
        var keep = 0
        for length in stride(from: min(Self.pasteEnd.count - 1, rest.count), to: 0, by: -1)
        where rest.suffix(length).elementsEqual(Self.pasteEnd.prefix(length)) {
            keep = length
            break
        }
        paste? += rest.dropLast(keep)
        carry = Array(rest.suffix(keep))
        return bytes.count
    }

    /// A complete marker at the start: (piece, length); piece nil means "paste starts".
    private static func marker(_ bytes: ArraySlice<UInt8>) -> (InputPiece?, Int)? {
        if bytes.starts(with: pasteStart) { return (nil, pasteStart.count) }
        if bytes.starts(with: focusIn) { return (.focus(true), focusIn.count) }
        if bytes.starts(with: focusOut) { return (.focus(false), focusOut.count) }
        return nil
    }

    private static func isMarkerPrefix(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.count < pasteStart.count && pasteStart.starts(with: bytes)
    }
}
