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
}
