/// `{"received": true, "warning"?: "…"}` (`POST /api/hooks/claude`, `/api/hooks/session-start`).
public struct HookResponse: Sendable, Equatable, Codable {
    /// Always true.
    public var received: Bool
    /// Why the event was not fully processed; omitted when nil.
    public var warning: String?

    /// Memberwise initializer.
    public init(received: Bool = true, warning: String? = nil) {
        self.received = received
        self.warning = warning
    }
}
