// What PostgresEngine remembers about its connection, behind a short lock of its own (never held
// across the network): the connection while it is usable, and while it is not, why, since when,
// and when to try again (100 ms after the first failed attempt, doubling to 5 s).
import Foundation
import PostgresNIO

/// The connection state of a PostgresEngine.
struct PostgresEngineState: Sendable {
    /// The first wait between failed attempts; it doubles after each one.
    static let initialBackoff = Duration.milliseconds(100)
    /// The longest wait between attempts.
    static let maximumBackoff = Duration.seconds(5)

    /// The usable connection, or nil while down.
    var connection: PostgresConnection?
    /// Set by `close()`: the engine is unusable.
    var closed = false
    /// Why the database does not answer, while it does not.
    var error: String?
    /// Since when it does not answer (wall clock, for health).
    var downSince: Date?
    /// Since when it does not answer (monotonic, for the background task's first wait).
    var downAt: ContinuousClock.Instant?
    /// Successful reconnections since the engine started.
    var reconnects = 0
    /// Failed attempts since the connection was lost.
    var failedAttempts = 0
    /// When the last attempt started.
    var lastAttempt: ContinuousClock.Instant?
    /// True while someone (a caller or the background task) is connecting.
    var attemptInFlight = false
    /// The background reconnection task, while down.
    var reconnectTask: Task<Void, Never>?
    /// Numbers the background tasks: a task whose number is no longer this one stops.
    var reconnectGeneration = 0

    /// The wait required after the last failed attempt before the next one.
    var backoff: Duration {
        guard failedAttempts > 0 else { return .zero }
        var wait = Self.initialBackoff
        for _ in 1..<min(failedAttempts, 16) where wait < Self.maximumBackoff { wait *= 2 }
        return min(wait, Self.maximumBackoff)
    }

    /// How long until a caller may attempt (zero: now).
    func callerWait(now: ContinuousClock.Instant) -> Duration {
        guard let lastAttempt else { return .zero }
        return max(.zero, backoff - (now - lastAttempt))
    }

    /// How long until the background task may attempt: as a caller, but never sooner than the
    /// first backoff after the loss, so that a caller's immediate reconnection (and the one retry
    /// of its transaction) is not pre-empted by the task.
    func backgroundWait(now: ContinuousClock.Instant) -> Duration {
        let sinceDown = downAt.map { now - $0 } ?? Self.initialBackoff
        return max(callerWait(now: now), Self.initialBackoff - sinceDown)
    }

    /// True when the connection is there and its channel open.
    var isConnected: Bool {
        guard !closed, let connection else { return false }
        return !connection.isClosed
    }
}
