// Splits a tmux control-mode byte stream into events. Lines end in `\n`; reply blocks run from
// `%begin TIME NUMBER FLAGS` to an `%end` or `%error` line with the SAME three fields, so a pane
// line inside a reply that merely starts with `%end` cannot end the block early. Blocks whose
// FLAGS are not 1 are not ours (the attach the client was started with): their lines are
// dropped and their end is reported as `.attached`. Pure: no I/O.

/// Incremental parser of tmux control-mode output.
public struct ControlModeParser: Sendable {
    private var partial: [UInt8] = []
    private var block: (header: [UInt8], lines: [[UInt8]], ours: Bool)?
    /// Lines longer than this are cut (a flood of one huge `%output` line still parses).
    public static let maxLineBytes = 16 * 1024 * 1024

    /// A parser at the start of a stream.
    public init() {}

    /// Parses `bytes` (any split); returns the events of every line completed by them.
    public mutating func feed(_ bytes: [UInt8]) -> [ControlEvent] {
        var events: [ControlEvent] = []
        var start = 0
        while let newline = bytes[start...].firstIndex(of: 0x0A) {
            append(bytes[start..<newline])
            if let event = line(partial) { events.append(event) }
            partial.removeAll(keepingCapacity: true)
            start = newline + 1
        }
        append(bytes[start...])
        return events
    }

    private mutating func append(_ bytes: ArraySlice<UInt8>) {
        let room = Self.maxLineBytes - partial.count
        if room > 0 { partial.append(contentsOf: bytes.prefix(room)) }
    }

    private mutating func line(_ raw: [UInt8]) -> ControlEvent? {
        let line = raw.last == 0x0D ? Array(raw.dropLast()) : raw
        if var open = block {
            if let success = Self.closes(line, header: open.header) {
                block = nil
                guard open.ours else { return .attached(success: success) }
                return .reply(ControlReply(success: success, lines: open.lines))
            }
            open.lines.append(line)
            block = open
            return nil
        }
        if line.starts(with: Self.begin) {
            let header = Array(line.dropFirst(Self.begin.count))
            let flags = header.split(separator: 0x20).last.map { String(decoding: $0, as: UTF8.self) }
            block = (header, [], flags == "1")
            return nil
        }
        return ControlNotification.parse(line)
    }

    /// True/false when `line` is the `%end`/`%error` matching `header`, nil otherwise.
    private static func closes(_ line: [UInt8], header: [UInt8]) -> Bool? {
        if line.count == end.count + header.count, line.starts(with: end),
            line.dropFirst(end.count).elementsEqual(header)
        {
            return true
        }
        if line.count == error.count + header.count, line.starts(with: error),
            line.dropFirst(error.count).elementsEqual(header)
        {
            return false
        }
        return nil
    }

    private static let begin = Array("%begin ".utf8)
    private static let end = Array("%end ".utf8)
    private static let error = Array("%error ".utf8)
}
