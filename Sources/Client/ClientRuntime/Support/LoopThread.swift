// LoopThread: runs the blocking UI loop on a thread of its own, so poll(2) never blocks a
// thread of Swift's cooperative pool, and hands its result back to async code.
import Foundation

/// Runs a blocking body on a dedicated thread.
enum LoopThread {
    /// Runs `body` on a new thread (with a large stack for deep renders) and returns its result.
    static func run<Result: Sendable>(
        name: String, _ body: @escaping @Sendable () -> Result
    ) async -> Result {
        await withCheckedContinuation { continuation in
            let thread = Thread {
                continuation.resume(returning: body())
            }
            thread.name = name
            thread.stackSize = 8 << 20
            thread.start()
        }
    }
}
