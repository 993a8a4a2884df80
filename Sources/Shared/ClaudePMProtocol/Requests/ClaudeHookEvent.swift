// The JSON Claude Code posts to `POST /api/hooks/claude` and `/api/hooks/session-start`
// (snake_case), plus claudepm's optional `claudepm_session_id` that upstream ignores.

/// A Claude Code hook event. Every field is optional; unknown keys are ignored.
public struct ClaudeHookEvent: Sendable, Equatable, Codable {
    /// `"Stop"`, `"Notification"`, `"SessionStart"`, …
    public var hookEventName: String?
    /// Legacy spelling of `hook_event_name`.
    public var event: String?
    /// Claude's own session id (not a claudepm session id).
    public var sessionId: String?
    /// Path of the transcript JSONL.
    public var transcriptPath: String?
    /// Working directory of Claude.
    public var cwd: String?
    /// For notifications, e.g. `"permission_prompt"` or `"idle_prompt"`.
    public var notificationType: String?
    /// Legacy spelling of `notification_type`.
    public var matcher: String?
    /// Notification text.
    public var message: String?
    /// claudepm extension: the claudepm session this hook belongs to.
    public var claudepmSessionId: String?

    /// Memberwise initializer.
    public init(
        hookEventName: String? = nil, event: String? = nil, sessionId: String? = nil, transcriptPath: String? = nil,
        cwd: String? = nil, notificationType: String? = nil, matcher: String? = nil, message: String? = nil,
        claudepmSessionId: String? = nil
    ) {
        self.hookEventName = hookEventName
        self.event = event
        self.sessionId = sessionId
        self.transcriptPath = transcriptPath
        self.cwd = cwd
        self.notificationType = notificationType
        self.matcher = matcher
        self.message = message
        self.claudepmSessionId = claudepmSessionId
    }

    /// `hook_event_name`, falling back to the legacy `event`.
    public var eventName: String? { hookEventName ?? event }

    /// `notification_type`, falling back to the legacy `matcher`.
    public var effectiveNotificationType: String? { notificationType ?? matcher }

    enum CodingKeys: String, CodingKey {
        case hookEventName = "hook_event_name"
        case event
        case sessionId = "session_id"
        case transcriptPath = "transcript_path"
        case cwd
        case notificationType = "notification_type"
        case matcher
        case message
        case claudepmSessionId = "claudepm_session_id"
    }
}
