// The journal flusher's wake-up: an append to an empty buffer signals it, so the flusher sleeps
// while nothing is buffered instead of waking every second.
import Foundation

/// The flusher's wake-up: set by an append to an empty buffer, taken by the flusher.
final class JournalWake: @unchecked Sendable {
    // @unchecked: `signalled` is only touched with `condition` locked.
    private let condition = NSCondition()
    private var signalled = false

    func signal() {
        condition.lock()
        signalled = true
        condition.signal()
        condition.unlock()
    }

    /// Waits until signalled or `deadline`; true (and cleared) when signalled.
    func wait(until deadline: Date) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while !signalled, condition.wait(until: deadline) {}
        let was = signalled
        signalled = false
        return was
    }
}
