// The threads the store's calls block instead of the Swift concurrency pool's. On Linux the pool
// and every DispatchQueue share libdispatch's worker threads, as many as there are cores, and
// libdispatch adds one only after a blocked worker has stayed blocked for about a second: four
// requests waiting on a frozen PostgreSQL held `/api/health` for up to two seconds when they
// blocked dispatch threads. These are threads of their own, so a store that never answers holds
// only the requests that wait for it. The journal's reads have two threads of their own.
import Foundation

/// A fixed set of threads that run blocking work handed over from async code.
final class BlockingWorkers: @unchecked Sendable {
    // @unchecked: `jobs` is only touched with `condition` locked.
    /// The store's workers: enough for the requests a busy server has waiting on its database.
    static let store = BlockingWorkers(name: "claudepm-store", count: 16)
    /// The journal's readers (a screen at a moment, a search, an asciicast replay files).
    static let journal = BlockingWorkers(name: "claudepm-journal-read", count: 2)

    private let condition = NSCondition()
    private var jobs: [@Sendable () -> Void] = []

    private init(name: String, count: Int) {
        for index in 0..<count {
            let thread = Thread { [self] in
                Thread.current.name = "\(name)-\(index)"
                run()
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
    }

    /// Runs `work` on one of the threads and returns what it returns (or throws).
    func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            enqueue { continuation.resume(with: Result { try work() }) }
        }
    }

    /// Runs `work`, which cannot fail, on one of the threads and returns what it returns.
    func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            enqueue { continuation.resume(returning: work()) }
        }
    }

    private func enqueue(_ job: @escaping @Sendable () -> Void) {
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
