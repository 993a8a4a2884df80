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
