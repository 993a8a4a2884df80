// Key decoding: ncurses key codes (keypad mode) and raw terminal bytes (escape sequences, UTF-8,
// SGR mouse reports) become `AppKey`s. Raw decoding keeps state across calls, so a sequence split
// over two reads still decodes; a lone ESC is only final once `flush()` is called (the runtime
// calls it when no byte followed within the escape delay).

@preconcurrency import CNCursesW
import ClientCore

/// Turns input into `AppKey`s.
public struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []

    /// Creates a decoder.
    public init() {}

    /// The key for an ncurses function-key code (`wget_wch` returned `KEY_CODE_YES`), or nil for
    /// codes the app ignores (`KEY_RESIZE` and `KEY_MOUSE` are handled by the caller).
    public static func decode(keyCode code: Int32) -> AppKey? {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_HOME: return .home
        case KEY_END: return .end
        case KEY_PPAGE: return .pageUp
        case KEY_NPAGE: return .pageDown
        case KEY_SPREVIOUS: return .shiftPageUp
        case KEY_SNEXT: return .shiftPageDown
        case KEY_BACKSPACE: return .backspace
        case KEY_DC: return .delete
        case KEY_IC: return .insert
        case KEY_ENTER: return .enter
        case KEY_BTAB: return .backTab
        case KEY_F0 + 1...KEY_F0 + 24: return .function(Int(code - KEY_F0))
        default: return nil
        }
    }

    /// The key for a character `wget_wch` returned (not a key code).
    public static func decode(character value: UInt32) -> AppKey? {
        if value < 0x20 || value == 0x7F { return AppKey.fromControlByte(UInt8(value)) }
        return Unicode.Scalar(value).map { .char(Character($0)) }
    }

    /// Feeds raw bytes; returns the keys completed so far.
    public mutating func feed(_ bytes: [UInt8]) -> [AppKey] {
        pending += bytes
        var keys: [AppKey] = []
        while !pending.isEmpty {
            guard let (key, used) = Self.decodeOne(pending) else { break }
            pending.removeFirst(used)
            if let key { keys.append(key) }
        }
        return keys
    }

    /// Ends an incomplete sequence: a lone ESC becomes Escape, anything else is dropped.
    public mutating func flush() -> [AppKey] {
        defer { pending.removeAll() }
        guard let first = pending.first else { return [] }
        if first == 0x1B, pending.count == 1 { return [.escape] }
        if first == 0x1B, pending.count == 2, let key = Self.decodeOne(Array(pending.dropFirst()))?.0 {
            if case .char(let c) = key { return [.alt(c)] }
            return [.escape, key]
        }
        return []
    }

    /// True if bytes are waiting for the rest of a sequence.
    public var hasPending: Bool { !pending.isEmpty }

    /// Decodes one key at the start of `bytes`: nil if more bytes are needed, or the key (nil for
    /// a recognised sequence the app ignores) and the byte count used.
    static func decodeOne(_ bytes: [UInt8]) -> (AppKey?, Int)? {
        let first = bytes[0]
        if first == 0x1B { return EscapeSequence.decode(bytes) }
        if first < 0x80 {
            if first < 0x20 || first == 0x7F { return (AppKey.fromControlByte(first), 1) }
            return (.char(Character(Unicode.Scalar(first))), 1)
        }
        let length = first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1
        guard bytes.count >= length else { return nil }
        guard let text = String(validating: bytes[0..<length], as: UTF8.self), let ch = text.first else {
            return (nil, 1)
        }
        return (.char(ch), length)
    }
}
