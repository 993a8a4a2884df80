// An asciicast v2 recording (asciinema's format: a JSON header line, then one JSON array per
// event: `[seconds, "o", "output"]`, `[seconds, "r", "COLSxROWS"]`, `[seconds, "m", "label"]`,
// `[seconds, "i", "input"]`), read into memory for the replay viewer. A line that is not a valid
// event is left out and counted, so one bad record never hides the rest and the viewer can say
// what was lost; a first line that is not a v2 header refuses the whole file.
import Foundation

/// A recording in asciicast v2.
public struct Asciicast: Equatable, Sendable {
    /// One recorded event.
    public struct Event: Equatable, Sendable {
        /// Seconds from the start of the recording.
        public var time: Double
        /// What happened.
        public var kind: Kind

        /// An event at `time`.
        public init(time: Double, kind: Kind) {
            self.time = time
            self.kind = kind
        }
    }

    /// What an event is.
    public enum Kind: Equatable, Sendable {
        /// Bytes the program wrote (as UTF-8 text).
        case output(String)
        /// The terminal was resized.
        case resize(cols: Int, rows: Int)
        /// A marker (a mark on the timeline: a wait began, a banner fired…).
        case marker(String)
        /// Keys typed (kept, not replayed).
        case input(String)
    }

    /// The terminal size at the start.
    public var cols: Int
    /// The terminal size at the start.
    public var rows: Int
    /// When the recording began (Unix seconds), if the header says.
    public var startedAt: Double?
    /// The header's title, if any.
    public var title: String?
    /// The events, in time order.
    public var events: [Event]
    /// Lines left out because they were not valid events (their line numbers, at most 20 kept).
    public var skippedLines: [Int] = []
    /// How many lines were left out in all.
    public var skipped = 0

    /// A recording of `cols`×`rows` with `events`.
    public init(cols: Int, rows: Int, startedAt: Double? = nil, title: String? = nil, events: [Event]) {
        self.cols = cols
        self.rows = rows
        self.startedAt = startedAt
        self.title = title
        self.events = events
    }

    /// The time of the last event (0 for none).
    public var duration: Double { events.last?.time ?? 0 }
}

/// Why a file is not an asciicast v2 recording.
public struct AsciicastError: Error, Equatable, CustomStringConvertible {
    /// What is wrong.
    public var description: String
}

extension Asciicast {
    /// Reads `data` as asciicast v2; throws only when the header is not one.
    public static func parse(_ data: Data) throws(AsciicastError) -> Asciicast {
        var lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).makeIterator()
        guard let first = lines.next(), !first.isEmpty else { throw AsciicastError(description: "the file is empty") }
        var cast = try header(Data(first))
        var number = 1
        var last = 0.0
        while let line = lines.next() {
            number += 1
            guard !line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") }) else { continue }
            guard let event = event(Data(line)) else {
                cast.skipped += 1
                if cast.skippedLines.count < 20 { cast.skippedLines.append(number) }
                continue
            }
            // Times never go back: a recorder's clock may; the order of the file is kept.
            last = max(last, event.time)
            cast.events.append(Event(time: last, kind: event.kind))
        }
        return cast
    }

    private static func header(_ line: Data) throws(AsciicastError) -> Asciicast {
        guard let object = (try? JSONSerialization.jsonObject(with: line)) as? [String: Any] else {
            throw AsciicastError(description: "the first line is not an asciicast header (a JSON object)")
        }
        guard (object["version"] as? NSNumber)?.intValue == 2 else {
            throw AsciicastError(
                description: "not an asciicast version 2 recording (version \(object["version"] ?? "missing"))")
        }
        guard let cols = (object["width"] as? NSNumber)?.intValue, let rows = (object["height"] as? NSNumber)?.intValue,
            (1...10_000).contains(cols), (1...10_000).contains(rows)
        else {
            throw AsciicastError(description: "the header has no valid width and height")
        }
        return Asciicast(
            cols: cols, rows: rows, startedAt: (object["timestamp"] as? NSNumber)?.doubleValue,
            title: object["title"] as? String, events: [])
    }

    private static func event(_ line: Data) -> Event? {
        guard let array = (try? JSONSerialization.jsonObject(with: line)) as? [Any], array.count == 3,
            let time = (array[0] as? NSNumber)?.doubleValue, time.isFinite, time >= 0,
            let code = array[1] as? String, let text = array[2] as? String
        else { return nil }
        switch code {
        case "o": return Event(time: time, kind: .output(text))
        case "i": return Event(time: time, kind: .input(text))
        case "m": return Event(time: time, kind: .marker(text))
        case "r":
            let parts = text.split(separator: "x").compactMap { Int($0) }
            guard parts.count == 2, (1...10_000).contains(parts[0]), (1...10_000).contains(parts[1]) else { return nil }
            return Event(time: time, kind: .resize(cols: parts[0], rows: parts[1]))
        default: return nil
        }
    }
}
