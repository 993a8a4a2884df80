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
