/// `GET /api/hooks/health`: `{"status":"ok","detectorRunning","watchedSessions"}` (camelCase).
public struct HooksHealth: Sendable, Equatable, Codable {
    /// `"ok"`.
    public var status: String
    /// Whether the waiting detector runs.
    public var detectorRunning: Bool
    /// Number of watched sessions.
    public var watchedSessions: Int

    /// Memberwise initializer.
    public init(status: String = "ok", detectorRunning: Bool, watchedSessions: Int) {
        self.status = status
        self.detectorRunning = detectorRunning
        self.watchedSessions = watchedSessions
    }
}
