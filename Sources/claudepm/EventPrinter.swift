// Formats ClientEvents for `watch`: short human lines, or one JSON object per line.

import ClaudePMProtocol
import ClientCore
import ClientNetwork
import Foundation

struct EventPrinter: Sendable {
    var json: Bool

    func print(_ event: ClientEvent) {
        if json {
            guard let object = Self.jsonObject(event),
                let data = try? JSONSerialization.data(
                    withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
            else { return }
            Console.rawLine(String(decoding: data, as: UTF8.self))
        } else {
            Console.line(Self.text(event))
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
        case .resynced(let server, let snapshot):
            return
                "[\(server)] resynced: \(snapshot.sessions.count) sessions, \(snapshot.notifications.count) notifications"
        case .failure(let server, let error): return "[\(server)] error: \(error)"
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
        }
    }

    static func jsonObject(_ event: ClientEvent) -> [String: Any]? {
        switch event {
        case .status(let server, let status):
            var object: [String: Any] = ["server": server, "event": "status", "status": statusText(status)]
            if case .reconnecting(let attempt, _) = status { object["attempt"] = attempt }
            if case .authFailed(let message) = status { object["detail"] = message }
            return object
        case .roundTrip(let server, let trip):
            return ["server": server, "event": "roundTrip", "ms": trip.last.secondsDouble * 1000]
        case .resynced(let server, let snapshot):
            return [
                "server": server, "event": "resynced", "sessions": snapshot.sessions.count,
                "notifications": snapshot.notifications.count,
            ]
        case .failure(let server, let error):
            return ["server": server, "event": "error", "error": error.description]
        case .offlineReason(let server, let reason):
            return ["server": server, "event": "offline", "reason": reason]
        case .late(let server, let silence):
            var object: [String: Any] = ["server": server, "event": "late", "late": silence != nil]
            if let silence { object["silentSeconds"] = Int(silence.secondsDouble) }
            return object
        case .message(let server, let message):
            guard let frame = messageObject(message) else { return nil }
            return ["server": server, "event": "message", "message": frame]
        }
    }

    static func messageObject(_ message: ServerMessage) -> [String: Any]? {
        guard let data = try? message.encoded() else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }
}
