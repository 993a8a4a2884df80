// The fields of a Claude Code hook payload the server uses, read from the parsed JSON object.
// Pure (no Hummingbird), so the fuzz targets can exercise it.
import ServerCore

enum HookPayload {
    /// The hook event in `fields`, nil without `hook_event_name` (or the legacy `event`).
    static func event(_ fields: [String: AnyJSON]) -> HookEvent? {
        func s(_ key: String) -> String? {
            if case .string(let v)? = fields[key] { return v }
            return nil
        }
        guard let name = s("hook_event_name") ?? s("event") else { return nil }
        return HookEvent(
            eventName: name, claudeSessionId: s("session_id"), claudepmSessionId: s("claudepm_session_id"),
            cwd: s("cwd"), transcriptPath: s("transcript_path"),
            notificationType: s("notification_type") ?? s("matcher"))
    }
}
