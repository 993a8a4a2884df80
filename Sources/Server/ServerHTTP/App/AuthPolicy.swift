// API key policy: when a key is configured, non-loopback callers (or everyone, with
// --no-trust-loopback) must present it; the key itself is never logged.

/// Who needs an API key.
public struct AuthPolicy: Sendable {
    let apiKey: String?
    let trustLoopback: Bool

    /// A policy requiring `apiKey` (nil: open) and trusting loopback peers if `trustLoopback`.
    public init(apiKey: String?, trustLoopback: Bool = true) {
        self.apiKey = apiKey
        self.trustLoopback = trustLoopback
    }

    /// True if a caller at a loopback peer (or not) presenting `presented` may proceed.
    func allows(isLoopback: Bool, presented: String?) -> Bool {
        guard let apiKey else { return true }
        if trustLoopback, isLoopback { return true }
        guard let presented else { return false }
        return constantTimeEqual(Array(presented.utf8), Array(apiKey.utf8))
    }

    private func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var diff: UInt8 = 0
        for i in a.indices { diff |= a[i] ^ b[i] }
        return diff == 0
    }
}
