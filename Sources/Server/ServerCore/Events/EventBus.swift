// A tiny synchronous fan-out of ServerEvents to registered sinks (the WebSocket hub, tests).
import Foundation
import Synchronization

/// Publishes server events to every registered sink.
public final class EventBus: Sendable {
    private let sinks = Mutex<[UUID: @Sendable (ServerEvent) -> Void]>([:])

    /// An empty bus.
    public init() {}

    /// Registers `sink`; returns a token for `remove`.
    @discardableResult
    public func add(_ sink: @escaping @Sendable (ServerEvent) -> Void) -> UUID {
        let id = UUID()
        sinks.withLock { $0[id] = sink }
        return id
    }

    /// Unregisters the sink with `token`.
    public func remove(_ token: UUID) { _ = sinks.withLock { $0.removeValue(forKey: token) } }

    /// Delivers `event` to every sink.
    public func publish(_ event: ServerEvent) {
        let all = sinks.withLock { Array($0.values) }
        for sink in all { sink(event) }
    }
}
