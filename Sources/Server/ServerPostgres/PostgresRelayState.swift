// What a PostgresEventRelay holds while it runs: its bus registration, its two tasks (the listener,
// which owns the connection and reconnects, and the sender), the connection while it is up, and
// the senders waiting for one.
import Foundation
import PostgresNIO
import ServerCore

/// The mutable state of a PostgresEventRelay, behind its lock.
struct PostgresRelayState: Sendable {
    /// The relay's registration on the bus, while started.
    var relayToken: UUID?
    /// The listening (and reconnecting) task.
    var listener: Task<Void, Never>?
    /// The task sending local events.
    var sender: Task<Void, Never>?
    /// Where local events are queued for the sender.
    var outgoing: AsyncStream<ServerEvent>.Continuation?
    /// The connection, while up.
    var connection: PostgresConnection?
    /// True once LISTEN succeeded on the current connection.
    var listening = false
    /// Set by `stop()`.
    var stopped = false
    /// Senders waiting for a connection.
    var waiters: [CheckedContinuation<PostgresConnection?, Never>] = []
}
