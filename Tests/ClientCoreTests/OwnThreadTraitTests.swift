// The `.ownThread` trait (TestSupport) really moves test bodies off the concurrency pool. Measured
// over many scopes, not one: bodies used to start on a pool thread now and then (about one in a
// thousand on a quiet machine, 27 and then 68 of 200 in clean CI runs with a dozen `.ownThread`
// suites at once), since entering `withTaskExecutorPreference` does not move the calling task; the
// trait now runs each case as a task that starts on its thread. The check stays that most bodies
// move, three in four, so that a runtime that still starts a few elsewhere does not fail the
// suite. Without the trait no body runs on the trait's thread.
import Foundation
import Synchronization
import TestSupport
import Testing

@Suite struct OwnThreadTraitTests {
    /// The current thread's name (a synchronous function, so async bodies may call it).
    static func threadName() -> String? { Thread.current.name }

    static let rounds = 200

    @Test func bodiesInTheScopeRunOnTheTraitsThread() async throws {
        let test = try #require(Test.current)
        let onOwnThread = Mutex(0)
        for _ in 0..<Self.rounds {
            try await OwnThreadTrait().provideScope(for: test, testCase: Test.Case.current) {
                if Self.threadName() == ThreadExecutor.threadName { onOwnThread.withLock { $0 += 1 } }
            }
        }
        let count = onOwnThread.withLock { $0 }
        #expect(count >= Self.rounds * 3 / 4, "\(count) of \(Self.rounds) on the trait's thread")
    }

    @Test func anAsyncBodyStaysThereAcrossSuspensions() async throws {
        let test = try #require(Test.current)
        let stayed = Mutex(0)
        for _ in 0..<20 {
            try await OwnThreadTrait().provideScope(for: test, testCase: Test.Case.current) {
                try await Task.sleep(for: .milliseconds(1))
                if Self.threadName() == ThreadExecutor.threadName { stayed.withLock { $0 += 1 } }
            }
        }
        #expect(stayed.withLock { $0 } >= 15)
    }

    @Test func withoutTheTraitNoBodyRunsThere() async {
        for _ in 0..<Self.rounds {
            await Task.yield()
            #expect(Self.threadName() != ThreadExecutor.threadName)
        }
    }
}
