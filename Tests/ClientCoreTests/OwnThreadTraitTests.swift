// The `.ownThread` trait (TestSupport) really moves a test off the concurrency pool: its body, sync
// or async and across suspension points, runs on the trait's own thread.
import Foundation
import TestSupport
import Testing

@Suite struct OwnThreadTraitTests {
    @Test(.ownThread) func aSyncBodyRunsOnItsOwnThread() {
        #expect(Self.threadName() == ThreadExecutor.threadName)
    }

    @Test(.ownThread) func anAsyncBodyStaysThereAcrossSuspensions() async throws {
        #expect(Self.threadName() == ThreadExecutor.threadName)
        try await Task.sleep(for: .milliseconds(5))
        #expect(Self.threadName() == ThreadExecutor.threadName)
    }

    @Test func withoutTheTraitATestRunsOnThePool() {
        #expect(Self.threadName() != ThreadExecutor.threadName)
    }

    /// The current thread's name (a synchronous function, so async bodies may call it).
    static func threadName() -> String? { Thread.current.name }
}
