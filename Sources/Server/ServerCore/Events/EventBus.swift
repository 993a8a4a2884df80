// A tiny synchronous fan-out of ServerEvents to registered sinks (the WebSocket hub, tests) and
// relays (the PostgreSQL relay that carries broadcasts to the other servers of a shared database).
import Foundation
import Synchronization

/// Publishes server events to every registered sink.
public final class EventBus: Sendable {
    private let sinks = Mutex<[UUID: @Sendable (ServerEvent) -> Void]>([:])
    private let relays = Mutex<[UUID: @Sendable (ServerEvent) -> Void]>([:])

    /// An empty bus.
    public init() {}

    /// Registers `sink`; returns a token for `remove`.
    @discardableResult
    public func add(_ sink: @escaping @Sendable (ServerEvent) -> Void) -> UUID {
        let id = UUID()
        sinks.withLock { $0[id] = sink }
        return id
    }

    /// Registers `relay`, which gets the events published here (`publish`), never those that came
    /// from another server (`publishRemote`); returns a token for `remove`.
    @discardableResult
    public func addRelay(_ relay: @escaping @Sendable (ServerEvent) -> Void) -> UUID {
        let id = UUID()
        relays.withLock { $0[id] = relay }
        return id
    }

    /// Unregisters the sink or relay with `token`.
    public func remove(_ token: UUID) {
        _ = sinks.withLock { $0.removeValue(forKey: token) }
        _ = relays.withLock { $0.removeValue(forKey: token) }
    }

    /// Delivers `event`, which happened on this server, to every sink and relay.
    public func publish(_ event: ServerEvent) {
        publishRemote(event)
        let all = relays.withLock { Array($0.values) }
        for relay in all { relay(event) }
    }

    /// Delivers `event`, which happened on another server, to every sink.
    public func publishRemote(_ event: ServerEvent) {
        let all = sinks.withLock { Array($0.values) }
        for sink in all { sink(event) }
    }
}
