// Blocking test work (reading a child's pipe, waiting for it) runs on its own thread: the
// cooperative pool has one thread per core (two here), and a test that blocks one of them slows
// every other test running in parallel until their deadlines pass.

import Foundation

/// Runs `work` on a new thread and returns its result without blocking the caller's executor.
func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}
