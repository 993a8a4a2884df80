// The settings every pipe of a proxy reads: the profile, whether the link is stalled, and whether
// WebSocket upgrades are refused.
import Foundation

/// Shared, changeable proxy settings.
///
/// `@unchecked Sendable`: `profile` and `stalled` are only touched while `condition` is locked.
final class ProxyState: @unchecked Sendable {
    private let condition = NSCondition()
    private var currentProfile: ProxyProfile
    private var stalled = false
    private var refusing = false
    private var plainDelay = Duration.zero
    private var heldChunks = 0

    init(profile: ProxyProfile) {
        currentProfile = profile
    }

    var profile: ProxyProfile {
        get { locked { currentProfile } }
        set { locked { currentProfile = newValue } }
    }

    var isStalled: Bool { locked { stalled } }

    /// Whether WebSocket upgrades are answered 502 (plain HTTP still passes).
    var refusesUpgrades: Bool {
        get { locked { refusing } }
        set { locked { refusing = newValue } }
    }

    func setStalled(_ value: Bool) {
        locked { stalled = value }
    }

    /// Extra delay of the answers on connections that are not WebSocket upgrades (REST).
    var restDelay: Duration {
        get { locked { plainDelay } }
        set { locked { plainDelay = newValue } }
    }

    /// Chunks of REST answers the server sent that `restDelay` still holds back.
    var heldAnswers: Int { locked { heldChunks } }

    /// Counts `delta` more (or, negative, fewer) held chunks.
    func addHeld(_ delta: Int) {
        locked { heldChunks += delta }
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
