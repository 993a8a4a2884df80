// Blocking work (waiting for a child, reading a pipe or socket, polling with usleep) run on a thread
// of its own. The Swift concurrency pool is only as wide as the core count on Linux (2 here): a
// test that blocks one of its threads starves every other test's timers and continuations, and
// under the full parallel suite that turned into a minute-long stall in which connect timeouts
// fired and `eventually` deadlines passed (CI, 2026-11-25).
import Foundation

/// Runs `work` on a new thread and returns its result, rethrowing what it throws.
public func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try work() }) }
        thread.stackSize = 1 << 20
        thread.start()
    }
}

/// Runs `work`, which cannot throw, on a new thread and returns its result.
public func offPool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        let thread = Thread { continuation.resume(returning: work()) }
        thread.stackSize = 1 << 20
        thread.start()
    }
}
