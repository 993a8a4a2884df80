// The thread the module's background work runs on: the engine's reconnection task and the event
// relay's listener and sender. Not the Swift concurrency pool: it is only as wide as the core
// count on Linux, and the store's callers block its threads (every read and write waits for
// PostgreSQL synchronously), so under load the pool can leave these tasks waiting for seconds:
// health would not recover and events would not flow (seen with the full test suite on two
// cores). The work here only awaits the network and hands events to the bus, so one thread serves
// every engine and relay of the process.
import Foundation

/// A task executor with one thread of its own, for the whole process.
final class PostgresBackgroundExecutor: TaskExecutor, @unchecked Sendable {
    // @unchecked: `jobs` is only touched with `condition` locked.
    /// The process's one background executor (its thread starts on first use and lives as long as
    /// the process).
    static let shared = PostgresBackgroundExecutor(name: "claudepm-postgres")

    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private let name: String

    private init(name: String) {
        self.name = name
        let thread = Thread { [self] in run() }
        thread.stackSize = 1 << 20
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func run() {
        // Set from the thread itself: Foundation on Linux does not apply a name set before start.
        Thread.current.name = name
        var batch: [UnownedJob] = []
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            swap(&batch, &jobs)
            condition.unlock()
            for job in batch { job.runSynchronously(on: asUnownedTaskExecutor()) }
            batch.removeAll(keepingCapacity: true)
        }
    }
}
