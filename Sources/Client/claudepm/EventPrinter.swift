// Formats ClientEvents for `watch`: short human lines, or one JSON object per line. In JSON the
// server's frames are printed as they arrived (`.rawFrame`, embedded verbatim: unknown fields
// kept, nothing re-encoded); the decoded `.message` is then not printed again.

import ClaudePMProtocol
import ClientCore
import ClientNetwork
import Foundation

struct EventPrinter: Sendable {
    var json: Bool

    func print(_ event: ClientEvent) {
        if json {
            if case .rawFrame(let server, let text) = event {
                Console.rawLine(Self.frameLine(server: server, text: text))
                return
            }
            guard let object = Self.jsonObject(event),
                let data = try? JSONSerialization.data(
                    withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
            else { return }
            Console.rawLine(String(decoding: data, as: UTF8.self))
        } else {
            Console.line(Self.text(event))
        }
    }

    /// The JSON line of a frame: `{"event":"message","message":<frame>,"server":…}` with the
    /// frame's bytes as they came, only CR and LF (insignificant whitespace in JSON, which cannot
    /// occur inside its strings) turned into spaces so the line stays one line. A frame that is
    /// not JSON becomes an `error` line carrying the text as a string.
    static func frameLine(server: String, text: String) -> String {
        let name = jsonString(server)
        guard (try? JSONSerialization.jsonObject(with: Data(text.utf8))) is [String: Any] else {
            return "{\"error\":\"frame is not a JSON object\",\"event\":\"error\",\"frame\":\(jsonString(text)),"
                + "\"server\":\(name)}"
        }
        let oneLine =
            text.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
            ? String(text.map { $0 == "\n" || $0 == "\r" || $0 == "\r\n" ? " " : $0 }) : text
        return "{\"event\":\"message\",\"message\":\(oneLine),\"server\":\(name)}"
    }

    /// `value` as a JSON string literal.
    static func jsonString(_ value: String) -> String {
        let data = try? JSONSerialization.data(withJSONObject: [value], options: [.withoutEscapingSlashes])
        let array = data.map { String(decoding: $0, as: UTF8.self) } ?? "[\"\"]"
        return String(array.dropFirst().dropLast())
    }

    /// The `status` value of a status line, one of the values docs/cli.md lists (the attempt is
    /// a field of its own).
    static func statusName(_ status: ConnectionStatus) -> String {
        switch status {
        case .offline: return "offline"
        case .connecting: return "connecting"
        case .connected: return "connected"
        case .reconnecting: return "reconnecting"
        case .authFailed: return "auth-failed"
        }
    }

    static func statusText(_ status: ConnectionStatus) -> String {
        switch status {
        case .offline: return "offline"
        case .connecting(let attempt): return attempt == 0 ? "connecting" : "connecting (attempt \(attempt + 1))"
        case .connected: return "connected"
        case .reconnecting(let attempt, _): return "reconnecting (attempt \(attempt))"
        case .authFailed: return "auth-failed"
        }
    }

    static func text(_ event: ClientEvent) -> String {
        switch event {
        case .status(let server, let status): return "[\(server)] \(statusText(status))"
        case .roundTrip(let server, let trip):
            return "[\(server)] round trip \(Int(trip.last.secondsDouble * 1000)) ms"
        case .clockOffset(let server, let seconds):
            return "[\(server)] server clock \(String(format: "%+.1f", seconds)) s from ours"
        case .resynced(let server, let snapshot):
            return
                "[\(server)] resynced: \(snapshot.sessions.count) sessions, \(snapshot.notifications.count) notifications"
        case .failure(let server, let error): return "[\(server)] error: \(error)"
        case .recordsSkipped(let server, let records):
            return records.map { "[\(server)] skipped a record it could not read: \($0)" }.joined(separator: "\n")
        case .offlineReason(let server, let reason): return "[\(server)] offline: \(reason)"
        case .late(let server, let silence):
            return "[\(server)] "
                + (silence.map { "heartbeat late: last contact \(Int($0.secondsDouble)) s ago" } ?? "heartbeat on time")
        case .message(let server, let message):
            let frame = messageObject(message)
            let type = frame?["type"] as? String ?? "message"
            let payload = (frame?["payload"]).flatMap {
                try? JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys, .withoutEscapingSlashes])
            }
            return "[\(server)] \(type) " + (payload.map { String(decoding: $0, as: UTF8.self) } ?? "")
        case .rawFrame(let server, let text): return "[\(server)] frame \(text)"
        case .streamSupport(let server, let paneStreams):
            return "[\(server)] " + (paneStreams ? "streams panes" : "no pane streams (not claudepm-server)")
        }
    }

    static func jsonObject(_ event: ClientEvent) -> [String: Any]? {
        switch event {
        case .status(let server, let status):
            var object: [String: Any] = ["server": server, "event": "status", "status": statusName(status)]
            if case .reconnecting(let attempt, _) = status { object["attempt"] = attempt }
            if case .connecting(let attempt) = status, attempt > 0 { object["attempt"] = attempt + 1 }
            if case .authFailed(let message) = status { object["detail"] = message }
            return object
        case .roundTrip(let server, let trip):
            return ["server": server, "event": "roundTrip", "ms": trip.last.secondsDouble * 1000]
        case .clockOffset(let server, let seconds):
            return ["server": server, "event": "clock", "offsetSeconds": (seconds * 10).rounded() / 10]
        case .resynced(let server, let snapshot):
            return [
                "server": server, "event": "resynced", "sessions": snapshot.sessions.count,
                "notifications": snapshot.notifications.count,
            ]
        case .failure(let server, let error):
            return ["server": server, "event": "error", "error": error.description]
        case .recordsSkipped(let server, let records):
            return ["server": server, "event": "skipped", "records": records]
        case .offlineReason(let server, let reason):
            return ["server": server, "event": "offline", "reason": reason]
        case .late(let server, let silence):
            var object: [String: Any] = ["server": server, "event": "late", "late": silence != nil]
            if let silence { object["silentSeconds"] = Int(silence.secondsDouble) }
            return object
        case .message(let server, let message):
            guard let frame = messageObject(message) else { return nil }
            return ["server": server, "event": "message", "message": frame]
        case .rawFrame: return nil
        case .streamSupport(let server, let paneStreams):
            return ["server": server, "event": "streams", "paneStreams": paneStreams]
        }
    }

    static func messageObject(_ message: ServerMessage) -> [String: Any]? {
        guard let data = try? message.encoded() else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }
}
