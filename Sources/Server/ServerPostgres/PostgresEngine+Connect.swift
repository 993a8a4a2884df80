// The PostgreSQL engine's connection primitives: one attempt, the first connection's retries,
// closing without waiting, and the guard against waiting on an event-loop thread. PostgresEngine
// holds the state and the policy (when to reconnect, what to retry).
import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import PostgresNIO
import ServerCore

extension PostgresEngine {
    /// One connection attempt.
    static func connect(
        configuration: PostgresConnection.Configuration, logger: Logger
    )
        -> EventLoopFuture<PostgresConnection>
    {
        let id = connectionIDs.withLockedValue { id -> Int in
            id += 1
            return id
        }
        return PostgresConnection.connect(
            on: MultiThreadedEventLoopGroup.singleton.next(), configuration: configuration, id: id, logger: logger)
    }

    /// The first connection: attempts with a backoff (100 ms doubling to 1 s) until one succeeds,
    /// the server refuses for good, or `timeout` has passed.
    static func connectWithRetries(
        configuration: PostgresConnection.Configuration, url: PostgresURL, timeout: Duration, logger: Logger
    ) throws -> PostgresConnection {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var wait = Duration.milliseconds(100)
        var attempts = 0
        while true {
            attempts += 1
            do {
                return try connect(configuration: configuration, logger: logger).wait()
            } catch {
                let reason = PostgresFailure.describe(error)
                if PostgresFailure.isPermanentConnectFailure(error) || clock.now + wait >= deadline {
                    throw StoreError.unavailable("cannot connect to \(url): \(reason)")
                }
                if attempts == 1 {
                    logger.notice(
                        "PostgreSQL not reachable yet; retrying",
                        metadata: ["database": "\(url)", "reason": "\(reason)"])
                }
                Thread.sleep(forTimeInterval: wait.seconds)
                wait = min(wait * 2, .seconds(1))
            }
        }
    }

    /// Closes `connection` without waiting, keeping it alive until its channel has closed
    /// (postgres-nio expects a connection to be closed before it is released).
    static func discard(_ connection: PostgresConnection) {
        connection.close().whenComplete { _ in withExtendedLifetime(connection) {} }
    }

    /// Throws when called on an event-loop thread, where waiting for a future would deadlock.
    static func refuseEventLoopThread() throws {
        if MultiThreadedEventLoopGroup.currentEventLoop != nil {
            throw StoreError.unavailable(
                "the PostgreSQL store was called on an event-loop thread, where it cannot wait")
        }
    }

    static func format(_ duration: Duration) -> String {
        String(format: "%.1f s", duration.seconds)
    }
}
