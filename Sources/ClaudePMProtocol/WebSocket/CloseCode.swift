/// WebSocket close codes and reason texts used by Claude PM (§3.9).
public struct CloseCode: Sendable, Hashable {
    /// The numeric close code.
    public var code: UInt16
    /// The close reason text (may be empty).
    public var reason: String

    /// Memberwise initializer.
    public init(code: UInt16, reason: String) {
        self.code = code
        self.reason = reason
    }

    /// 4001 "Unauthorized: Invalid or missing API key", right after the upgrade.
    public static let unauthorized = CloseCode(code: 4001, reason: "Unauthorized: Invalid or missing API key")
    /// 1001 "Server shutting down".
    public static let goingAway = CloseCode(code: 1001, reason: "Server shutting down")
    /// 1009 without a reason: a client frame exceeded `WSLimits.maxPayload`.
    public static let messageTooBig = CloseCode(code: 1009, reason: "")
}

/// Limits of the upstream WebSocket server (§3.3).
public enum WSLimits {
    /// Maximum size of one incoming message, in bytes (after reassembly).
    public static let maxPayload = 65_536
    /// Messages allowed per rate-limit window, per connection.
    public static let rateLimitMessages = 100
    /// Length of the fixed rate-limit window, in milliseconds.
    public static let rateLimitWindowMilliseconds = 10_000
    /// Interval of the server's protocol-level pings, in milliseconds.
    public static let pingIntervalMilliseconds = 30_000
    /// Number of buffered lines sent in `subscribed.bufferLines`.
    public static let subscribeBufferLines = 100
}
