// The settings every pipe of a proxy reads: the profile and whether the link is stalled.
import Foundation

/// Shared, changeable proxy settings.
///
/// `@unchecked Sendable`: `profile` and `stalled` are only touched while `condition` is locked.
final class ProxyState: @unchecked Sendable {
    private let condition = NSCondition()
    private var currentProfile: ProxyProfile
    private var stalled = false

    init(profile: ProxyProfile) {
        currentProfile = profile
    }

    var profile: ProxyProfile {
        get { locked { currentProfile } }
        set { locked { currentProfile = newValue } }
    }

    var isStalled: Bool { locked { stalled } }

    func setStalled(_ value: Bool) {
        locked { stalled = value }
    }

    /// Blocks a reader while the link is stalled (checking every 50 ms).
    func waitWhileStalled() {
        condition.lock()
        while stalled { _ = condition.wait(until: Date(timeIntervalSinceNow: 0.05)) }
        condition.unlock()
    }

    private func locked<T>(_ body: () -> T) -> T {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        return body()
    }
}
