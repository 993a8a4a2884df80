// Short texts about a session shared by the list, the tiles and the status line.

import ClientCore
import Foundation

/// Formatting helpers for session badges.
public enum SessionText {
    /// The waiting badge: `permission 2m`, or nil when not waiting.
    public static func waiting(_ session: AppSession, now: Date) -> String? {
        guard let waiting = session.waiting else { return nil }
        return "\(reasonLabel(waiting.reason)) \(RelativeTime.short(now.timeIntervalSince(waiting.since)))"
    }

    /// A short label for a waiting reason.
    public static func reasonLabel(_ reason: String) -> String {
        switch reason {
        case "permission_prompt": "permission"
        case "idle_prompt": "idle"
        case "question": "question"
        case "context_exhausted": "context full"
        case "stopped": "stopped"
        default: "input"
        }
    }

    /// Context use: `45%`, or `?` when unknown (protocol §4.3: servers report 0 for never measured).
    public static func context(_ session: AppSession) -> String {
        session.contextPercent.map { "\($0)%" } ?? "?"
    }

    /// The name with the ticket key in front when there is one.
    public static func title(_ session: AppSession) -> String {
        guard let key = session.ticketKey, !key.isEmpty else { return session.displayName }
        return "\(key) \(session.displayName)"
    }

    /// A terminal stream's state for the status line; nil while it is live.
    static func stream(_ stream: StreamState) -> String? {
        let state: String?
        switch stream.status {
        case .attached, .idle, .detached: state = nil
        case .connecting(let attempt): state = attempt == 0 ? "connecting…" : "connecting (try \(attempt + 1))…"
        case .attaching: state = "attaching…"
        case .reconnecting(let attempt, let maxAttempts, _): state = "reconnecting \(attempt)/\(maxAttempts)…"
        case .exited(let code): state = "session ended (exit \(code))"
        case .failed(let reason): state = "stream failed: \(reason)"
        }
        let parts = [state, stream.notice].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }
}
