// The bound on a statement's wait (AnswerWatchdog), on an embedded event loop whose clock the
// test advances: an answer passes through; a connection that closes under an unanswered
// statement fails it within a check; a deadline fails it and closes the connection; and nothing
// settles the statement twice.
import NIOConcurrencyHelpers
import NIOCore
import NIOEmbedded
import Testing

@testable import ServerPostgres

@Suite struct AnswerWatchdogTests {
    /// The watched future of a statement that answers only when told to, on `loop`.
    private struct Watched {
        let answer: EventLoopPromise<Int>
        let watched: EventLoopFuture<Int>
        let closed = NIOLockedValueBox(false)
        let deadlinesFired = NIOLockedValueBox(0)

        init(on loop: EmbeddedEventLoop, deadline: TimeAmount = .seconds(30)) {
            let answer = loop.makePromise(of: Int.self)
            let closed = closed
            let fired = deadlinesFired
            self.answer = answer
            watched = AnswerWatchdog.watch(
                answer.futureResult, on: loop, deadline: deadline, isClosed: { closed.withLockedValue { $0 } },
                onDeadline: { fired.withLockedValue { $0 += 1 } })
        }
    }

    /// The outcome of `future` so far: nil while it is pending.
    private func outcome(_ future: EventLoopFuture<Int>) -> Result<Int, any Error>? {
        let box = NIOLockedValueBox<Result<Int, any Error>?>(nil)
        future.whenComplete { result in box.withLockedValue { $0 = result } }
        return box.withLockedValue { $0 }
    }

    private func unanswered(_ result: Result<Int, any Error>?) -> AnswerWatchdog.Unanswered? {
        guard case .failure(let error) = result else { return nil }
        return error as? AnswerWatchdog.Unanswered
    }

    @Test func anAnswerPassesThroughAndStopsTheWatch() throws {
        let loop = EmbeddedEventLoop()
        let statement = Watched(on: loop)
        loop.advanceTime(by: .seconds(5))
        #expect(outcome(statement.watched) == nil)
        statement.answer.succeed(7)
        #expect(try statement.watched.wait() == 7)
        // The watch is over: neither a later close nor the deadline does anything.
        statement.closed.withLockedValue { $0 = true }
        loop.advanceTime(by: .seconds(60))
        #expect(statement.deadlinesFired.withLockedValue { $0 } == 0)
        #expect(try statement.watched.wait() == 7)
    }

    @Test func aStatementRefusedPassesItsErrorThrough() {
        let loop = EmbeddedEventLoop()
        let statement = Watched(on: loop)
        statement.answer.fail(ChannelError.alreadyClosed)
        guard case .failure(let error) = outcome(statement.watched) else {
            Issue.record("the refusal did not pass through")
            return
        }
        #expect(error as? ChannelError == .alreadyClosed)
    }

    @Test func aConnectionThatClosesUnderAnUnansweredStatementFailsItWithinACheck() {
        let loop = EmbeddedEventLoop()
        let statement = Watched(on: loop)
        loop.advanceTime(by: AnswerWatchdog.checkInterval * 2)
        #expect(outcome(statement.watched) == nil)
        // The answer never comes: the connection closed as the statement was sent.
        statement.closed.withLockedValue { $0 = true }
        loop.advanceTime(by: AnswerWatchdog.checkInterval)
        let failure = unanswered(outcome(statement.watched))
        #expect(failure?.timedOut == false)
        #expect(statement.deadlinesFired.withLockedValue { $0 } == 0)
        // A late answer changes nothing (no second completion).
        statement.answer.succeed(1)
        #expect(unanswered(outcome(statement.watched))?.timedOut == false)
    }

    @Test func aStatementUnansweredAtTheDeadlineClosesItsConnectionAndFails() {
        let loop = EmbeddedEventLoop()
        let statement = Watched(on: loop, deadline: .milliseconds(2_500))
        loop.advanceTime(by: .milliseconds(2_400))
        #expect(outcome(statement.watched) == nil)
        loop.advanceTime(by: .milliseconds(100))
        #expect(unanswered(outcome(statement.watched))?.timedOut == true)
        #expect(statement.deadlinesFired.withLockedValue { $0 } == 1)
        loop.advanceTime(by: .seconds(10))
        #expect(statement.deadlinesFired.withLockedValue { $0 } == 1)
    }

    @Test func anUnansweredStatementIsALostConnection() {
        #expect(PostgresFailure.isConnectionLoss(AnswerWatchdog.Unanswered(timedOut: false), connection: nil))
        #expect(PostgresFailure.isConnectionLoss(AnswerWatchdog.Unanswered(timedOut: true), connection: nil))
    }
}
