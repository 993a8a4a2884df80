// A test trait that runs each test case on a thread of its own instead of the Swift concurrency
// pool. The pool is only as wide as the core count on Linux (two threads here). A test that computes
// for seconds (the seeded fuzz loops) or blocks (poll, usleep, waitpid on a PTY child) holds one of
// them, and under the full parallel suite two such tests stalled every other test for a minute:
// continuations waited, connect timeouts fired, `eventually` deadlines passed (seen in CI, with
// gdb stacks showing both pool threads in fuzz loops). With `.ownThread` such a test competes for
// the CPU like any thread, but leaves the pool free for the tests that await.
import Foundation
import Testing

/// Runs each test case under it on a dedicated thread (a task executor preference).
public struct OwnThreadTrait: TestTrait, SuiteTrait, TestScoping {
    /// The trait (use `.ownThread`).
    public init() {}

    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        guard testCase != nil else { return try await function() }
        let executor = ThreadExecutor()
        defer { executor.stop() }
        // The case runs as a task that prefers the thread from its first job on: entering
        // `withTaskExecutorPreference` alone does not move the calling task (a call between
        // nonisolated async functions has no hop to make), and bodies that never suspend ran
        // where the scope was entered (up to a third of them in a loaded CI run). The task keeps
        // the test's task-locals, is cancelled with the scope and is awaited before it ends.
        try await withoutActuallyEscaping(function) { body in
            let task = Task(executorPreference: executor) { try await body() }
            try await withTaskCancellationHandler {
                try await task.value
            } onCancel: {
                task.cancel()
            }
        }
    }
}

extension Trait where Self == OwnThreadTrait {
    /// Each test case runs on a thread of its own, off the concurrency pool: for tests that compute
    /// for long or block.
    public static var ownThread: Self { Self() }
}

/// A task executor with one thread, which runs jobs in order until stopped and drained.
public final class ThreadExecutor: TaskExecutor, @unchecked Sendable {
    // @unchecked: `jobs` and `stopped` are only touched with `condition` locked.
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var stopped = false

    init() {
        let thread = Thread { [self] in run() }
        thread.stackSize = 8 << 20
        thread.start()
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Lets the thread end once no job is left.
    func stop() {
        condition.lock()
        stopped = true
        condition.signal()
        condition.unlock()
    }

    /// The name the executor's thread carries (what `Thread.current.name` reports there).
    public static let threadName = "cpm-test-case"

    private func run() {
        // Set from the thread itself: Foundation on Linux does not apply a name set before start.
        Thread.current.name = Self.threadName
        while true {
            condition.lock()
            while jobs.isEmpty && !stopped { condition.wait() }
            if jobs.isEmpty {
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
