// Bounds the wait for one statement's answer. postgres-nio completes a query's future when the
// server answers or the channel fails, but a query that races the connection's closing (a backend
// terminated just as the statement is sent) has been seen never to complete: the caller, waiting
// synchronously with the store's lock held, then waited for ever (a CI run hung so, at 0 % CPU).
// The watchdog looks at the connection once a second while the answer is outstanding: a closed
// connection fails the statement at once, and one still open when the deadline passes is closed
// and fails it too. Either way the engine sees a lost connection and reconnects.
import NIOConcurrencyHelpers
import NIOCore

/// Settles a pending answer as lost when its connection closes or its deadline passes.
enum AnswerWatchdog {
    /// How often an outstanding answer's connection is looked at.
    static let checkInterval = TimeAmount.seconds(1)

    /// The error a watched statement fails with when its connection closed, or was closed for
    /// missing its deadline, before it was answered.
    struct Unanswered: Error, CustomStringConvertible {
        /// True when the deadline passed (the watchdog closed the connection).
        let timedOut: Bool
        var description: String {
            timedOut ? "no answer before the deadline" : "the connection closed before PostgreSQL answered"
        }
    }

    /// A future that completes as `answer` does, or fails with `Unanswered` once `isClosed` holds
    /// (checked every `checkInterval`) or `deadline` has passed since the call, in which case
    /// `onDeadline` runs next (it should close the connection: closing may fail `answer` too, but
    /// the statement has already failed as timed out).
    static func watch<Value: Sendable>(
        _ answer: EventLoopFuture<Value>, on eventLoop: any EventLoop, deadline: TimeAmount,
        isClosed: @escaping @Sendable () -> Bool, onDeadline: @escaping @Sendable () -> Void
    ) -> EventLoopFuture<Value> {
        let promise = eventLoop.makePromise(of: Value.self)
        let settled = NIOLockedValueBox(false)
        let settle: @Sendable (Result<Value, any Error>) -> Void = { result in
            let first = settled.withLockedValue { done -> Bool in
                defer { done = true }
                return !done
            }
            if first { promise.completeWith(result) }
        }
        let closedCheck = eventLoop.scheduleRepeatedTask(initialDelay: checkInterval, delay: checkInterval) { task in
            if isClosed() {
                task.cancel()
                settle(.failure(Unanswered(timedOut: false)))
            }
        }
        let deadlineTimer = eventLoop.scheduleTask(in: deadline) {
            closedCheck.cancel()
            settle(.failure(Unanswered(timedOut: true)))
            onDeadline()
        }
        answer.whenComplete { result in
            closedCheck.cancel()
            deadlineTimer.cancel()
            settle(result)
        }
        return promise.futureResult
    }
}
