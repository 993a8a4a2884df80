// Posts Claude-Code-style hook JSON to a Claude PM server, like Claude Code's configured hooks
// would. Fire and forget: failures (server down, refused) are ignored silently.
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends hook events for one agent.
struct HookClient {
    let url: URL?
    /// The agent's own session id (Claude Code's `session_id`).
    let agentSessionId: String
    /// `CLAUDEPM_SESSION_ID`: the server's session id, sent as the `claudepm_session_id` extension.
    let claudepmSessionId: String?
    let cwd: String
    let apiKey: String?
    private let pending = DispatchGroup()

    init(url: URL?, claudepmSessionId: String?, cwd: String, apiKey: String?) {
        self.url = url
        self.claudepmSessionId = claudepmSessionId
        self.cwd = cwd
        self.apiKey = apiKey
        agentSessionId = UUID().uuidString.lowercased()
    }

    /// The JSON body for a hook, as Claude Code would send it (plus `claudepm_session_id`).
    func payload(_ hook: AgentHook) -> [String: String] {
        var body = ["session_id": agentSessionId, "cwd": cwd]
        if let claudepmSessionId { body["claudepm_session_id"] = claudepmSessionId }
        switch hook {
        case .permissionPrompt(let message):
            body["hook_event_name"] = "Notification"
            body["notification_type"] = "permission_prompt"
            body["message"] = message
        case .stop(let message):
            body["hook_event_name"] = "Stop"
            body["message"] = message
        case .userPromptSubmit(let prompt):
            body["hook_event_name"] = "UserPromptSubmit"
            body["prompt"] = prompt
        }
        return body
    }

    /// Posts `hook` in the background.
    func post(_ hook: AgentHook) {
        guard let url, let data = try? JSONSerialization.data(withJSONObject: payload(hook), options: [.sortedKeys])
        else { return }
        var request = URLRequest(url: url, timeoutInterval: 5)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        if let apiKey { request.setValue(apiKey, forHTTPHeaderField: "X-API-Key") }
        request.httpBody = data
        pending.enter()
        let group = pending
        URLSession.shared.dataTask(with: request) { _, _, _ in group.leave() }.resume()
    }

    /// Waits up to `seconds` for posts still in flight (used before exiting).
    func flush(seconds: Double) {
        _ = pending.wait(timeout: .now() + seconds)
    }
}
