// A Claude Code hook event as posted to `POST /api/hooks/claude`, and its waiting meaning.

/// The fields of a hook payload the server uses.
public struct HookEvent: Sendable, Equatable {
    /// `hook_event_name` (or the legacy `event`): `Notification`, `Stop`, …
    public var eventName: String?
    /// Claude's own session id (`session_id`).
    public var claudeSessionId: String?
    /// Extension: the claudepm session id, tried first.
    public var claudepmSessionId: String?
    public var cwd: String?
    public var transcriptPath: String?
    /// `notification_type` (or the legacy `matcher`).
    public var notificationType: String?

    /// A hook event.
    public init(
        eventName: String? = nil, claudeSessionId: String? = nil, claudepmSessionId: String? = nil, cwd: String? = nil,
        transcriptPath: String? = nil, notificationType: String? = nil
    ) {
        self.eventName = eventName
        self.claudeSessionId = claudeSessionId
        self.claudepmSessionId = claudepmSessionId
        self.cwd = cwd
        self.transcriptPath = transcriptPath
        self.notificationType = notificationType
    }

}
