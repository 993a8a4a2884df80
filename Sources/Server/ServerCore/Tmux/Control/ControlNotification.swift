// Reads one control-mode notification line (outside reply blocks) into a ControlEvent, and
// unescapes `%output` data (tmux writes bytes below 0x20 and `\` as `\ooo`).

/// Parsing of single notification lines.
enum ControlNotification {
    /// The event of one notification line; nil for an empty line.
    static func parse(_ line: [UInt8]) -> ControlEvent? {
        guard !line.isEmpty else { return nil }
        guard line.first == UInt8(ascii: "%") else { return .other(String(decoding: line, as: UTF8.self)) }
        let nameEnd = line.firstIndex(of: 0x20) ?? line.endIndex
        let name = String(decoding: line[..<nameEnd], as: UTF8.self)
        let rest = nameEnd < line.endIndex ? line[(nameEnd + 1)...] : []
        switch name {
        case "%output": return output(rest, extended: false)
        case "%extended-output": return output(rest, extended: true)
        case "%pause": return .pause(pane: word(rest, 0))
        case "%continue": return .resume(pane: word(rest, 0))
        case "%layout-change": return .layoutChange(window: word(rest, 0))
        case "%window-add": return .windowAdd(window: word(rest, 0))
        case "%window-close", "%unlinked-window-close": return .windowClose(window: word(rest, 0))
        case "%sessions-changed", "%session-changed": return .sessionsChanged
        case "%pane-mode-changed": return .paneModeChanged(pane: word(rest, 0))
        case "%exit": return .exit(reason: rest.isEmpty ? nil : String(decoding: rest, as: UTF8.self))
        default: return .other(String(decoding: line, as: UTF8.self))
        }
    }

    /// `%output %P DATA` or `%extended-output %P AGE … : DATA`.
    private static func output(_ rest: ArraySlice<UInt8>, extended: Bool) -> ControlEvent? {
        guard let space = rest.firstIndex(of: 0x20) else {
            return .output(pane: String(decoding: rest, as: UTF8.self), data: [])
        }
        let pane = String(decoding: rest[..<space], as: UTF8.self)
        var data = rest[(space + 1)...]
        if extended {
            guard let colon = separator(in: data) else { return .other("%extended-output \(pane) (no data)") }
            data = data[colon...]
        }
        return .output(pane: pane, data: unescape(data))
    }

    /// The index after the first ` : ` in `bytes`.
    private static func separator(in bytes: ArraySlice<UInt8>) -> Int? {
        var i = bytes.startIndex
        while i + 2 < bytes.endIndex {
            if bytes[i] == 0x20, bytes[i + 1] == UInt8(ascii: ":"), bytes[i + 2] == 0x20 { return i + 3 }
            i += 1
        }
        if i + 2 == bytes.endIndex, bytes[i] == 0x20, bytes[i + 1] == UInt8(ascii: ":") { return bytes.endIndex }
        return nil
    }

    /// Undoes tmux's octal escaping: `\ooo` is one byte; anything else is kept as it is.
    static func unescape(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let b = bytes[i]
            if b == UInt8(ascii: "\\"), let value = octal(bytes, at: i + 1) {
                out.append(value)
                i += 4
            } else {
                out.append(b)
                i += 1
            }
        }
        return out
    }

    private static func octal(_ bytes: ArraySlice<UInt8>, at start: Int) -> UInt8? {
        guard start + 2 < bytes.endIndex else { return nil }
        var value = 0
        for k in 0..<3 {
            let d = Int(bytes[start + k]) - 0x30
            guard (0...7).contains(d) else { return nil }
            value = value * 8 + d
        }
        return value <= 255 ? UInt8(value) : nil
    }

    private static func word(_ bytes: ArraySlice<UInt8>, _ index: Int) -> String {
        let words = bytes.split(separator: 0x20, omittingEmptySubsequences: true)
        return index < words.count ? String(decoding: words[index], as: UTF8.self) : ""
    }
}
