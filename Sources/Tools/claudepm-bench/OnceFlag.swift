// A flag that exactly one of several racing parties can claim (used to settle "attached" against
// "timed out" in ServerPTYLink.open, so a link is never handed out and closed at the same time).
import Synchronization

/// A one-shot claim, safe from any thread.
final class OnceFlag: Sendable {
    private let claimed = Mutex(false)

    /// True for the first caller only.
    func claim() -> Bool {
        claimed.withLock { claimed in
            defer { claimed = true }
            return !claimed
        }
    }
}
