// Threads of the server's own, for work that blocks or must not wait behind what blocks. On
// Linux the Swift concurrency pool and every DispatchQueue share libdispatch's worker threads, as
// many as there are cores, and libdispatch adds one only after a blocked worker has stayed
// blocked for about a second: four requests waiting on a frozen PostgreSQL held `/api/health`
// for up to two seconds when they blocked dispatch threads. The store's calls block these
// threads instead, so a store that never answers holds only the requests that wait for it; the
// journal's reads of one moment have two threads of their own and its scans of a whole journal two
// more. As a task executor, a set runs tasks that must
// never wait for the pool (the PostgreSQL engine's reconnection and its event relay).
import Foundation

/// A fixed set of threads that run blocking work handed over from async code, and tasks that
/// prefer them (`Task(executorPreference:)`).
public final class BlockingWorkers: TaskExecutor, @unchecked Sendable {
    // @unchecked: `jobs` is only touched with `condition` locked.
    /// The store's workers: enough for the requests a busy server has waiting on its database.
    static let store = BlockingWorkers(name: "claudepm-store", count: 16)
    /// The journal's readers of one moment (a screen at a moment, what a journal holds).
    static let journal = BlockingWorkers(name: "claudepm-journal-read", count: 2)
    /// The journal's scans of a whole journal (a search, an asciicast export: seconds for a full
    /// journal), apart from `journal`, so that a seek never waits behind a scan.
    static let journalScan = BlockingWorkers(name: "claudepm-journal-scan", count: 2)

    private let condition = NSCondition()
    private var jobs: [@Sendable () -> Void] = []

    /// Starts `count` threads named `name-0`, `name-1`, …; they live as long as the process.
    public init(name: String, count: Int) {
        for index in 0..<count {
            let thread = Thread { [self] in
                // Set from the thread itself: Foundation on Linux does not apply a name set before start.
                Thread.current.name = "\(name)-\(index)"
                run()
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
    }

    /// Runs `work` on one of the threads and returns what it returns (or throws).
    public func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            hand { continuation.resume(with: Result { try work() }) }
        }
    }

    /// Runs `work`, which cannot fail, on one of the threads and returns what it returns.
    public func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            hand { continuation.resume(returning: work()) }
        }
    }

    /// Runs a job of a task that prefers these threads.
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        hand { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }

    private func hand(_ job: @escaping @Sendable () -> Void) {
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job()
        }
    }
}
