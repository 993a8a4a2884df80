// The hub of WebSocket connections: who is connected, who subscribes to which session, and the
// routing of ServerCore events (broadcasts to all, session events to subscribers, session-list
// changes to the sockets that asked for them).
import Foundation
import NIOCore
import ServerCore
import Synchronization

/// Connections and subscriptions.
final class WSHub: Sendable {
    private struct State {
        var connections: [UUID: WSConnection] = [:]
        var subscribers: [String: Set<UUID>] = [:]
    }
    private let state = Mutex(State())

    func add(_ c: WSConnection) { state.withLock { $0.connections[c.id] = c } }

    /// Drops the connection and every subscription it had.
    func remove(_ c: WSConnection) {
        state.withLock { s in
            s.connections[c.id] = nil
            for key in Array(s.subscribers.keys) {
                s.subscribers[key]?.remove(c.id)
                if s.subscribers[key]?.isEmpty == true { s.subscribers[key] = nil }
            }
        }
    }

    func subscribe(_ c: WSConnection, to sessionId: String) {
        state.withLock { _ = $0.subscribers[sessionId, default: []].insert(c.id) }
    }

    func unsubscribe(_ c: WSConnection, from sessionId: String) {
        state.withLock { _ = $0.subscribers[sessionId]?.remove(c.id) }
    }

    func isSubscribed(_ c: WSConnection, to sessionId: String) -> Bool {
        state.withLock { $0.subscribers[sessionId]?.contains(c.id) ?? false }
    }

    var count: Int { state.withLock { $0.connections.count } }

    /// Routes a ServerCore event: encoded once, the same bytes queued on every target connection;
    /// not encoded at all when no connection takes it. `session:output` goes to no connection
    /// with a PTY attached (upstream's rule) and none that asked for none (`?output=none`).
    func dispatch(_ event: ServerEvent) {
        let isOutput: Bool
        if case .sessionOutput = event { isOutput = true } else { isOutput = false }
        let routed: [WSConnection] = state.withLock { s in
            if case .sessionsChanged = event { return s.connections.values.filter(\.pushesSessions) }
            guard let sid = event.sessionId else { return Array(s.connections.values) }
            return (s.subscribers[sid] ?? []).compactMap { s.connections[$0] }
        }
        let targets = isOutput ? routed.filter { !$0.hasPTY && !$0.skipsSessionOutput } : routed
        guard !targets.isEmpty, let encoded = Wire.text(Wire.message(for: event)) else { return }
        let text = ByteBuffer(string: encoded)
        for c in targets { c.enqueue(text) }
    }

    /// Closes every connection with 1001 "Server shutting down".
    func closeAll() async {
        let all = state.withLock { Array($0.connections.values) }
        for c in all { await c.close(code: 1001, reason: "Server shutting down") }
    }
}
