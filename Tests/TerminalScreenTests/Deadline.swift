// Feeding input that once hung libvterm 0.1.4 (a loop inside `vterm_input_write`) must not hang
// the suite if the bug comes back: the work runs on a thread of its own and the test waits for it
// with a deadline. A thread stuck in libvterm cannot be stopped; it is left spinning and the
// test fails.
import Foundation
import Synchronization

/// The result of work running on a thread of its own, waited for with a deadline.
final class Deadline<T: Sendable>: Sendable {
    private let result = Mutex<T?>(nil)
    private let done = DispatchSemaphore(value: 0)

    private init() {}

    /// Runs `work` on a new thread and returns its result, or nil if it did not return within
    /// `seconds`. Blocks the caller while waiting (use from `.ownThread` tests).
    static func run(seconds: Double = 30, _ work: @escaping @Sendable () -> T) -> T? {
        let pending = Deadline()
        let thread = Thread {
            let value = work()
            pending.result.withLock { $0 = value }
            pending.done.signal()
        }
        thread.stackSize = 8 << 20
        thread.start()
        guard pending.done.wait(timeout: .now() + seconds) == .success else { return nil }
        return pending.result.withLock { $0 }
    }
}
