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

    /// A short label for a waiting reason (ClientCore's, which also names answer targets).
    public static func reasonLabel(_ reason: String) -> String { WaitingInfo.label(forReason: reason) }

    /// Context use: `45%`, or `?` when unknown (protocol §4.3: servers report 0 for never measured).
    public static func context(_ session: AppSession) -> String {
        session.contextPercent.map { "\($0)%" } ?? "?"
    }

    /// `server · `, put before a session's or notification's name when more than one server is
    /// configured (two machines' sessions would look identical otherwise); "" with one server.
    public static func serverPrefix(_ server: String, in state: AppState) -> String {
        state.servers.count > 1 ? "\(server) · " : ""
    }

    /// The name with the ticket key in front when there is one.
    public static func title(_ session: AppSession) -> String {
        guard let key = session.ticketKey, !key.isEmpty else { return session.displayName }
        return "\(key) \(session.displayName)"
    }

    /// The sign of a tile drawn from `session:output` pictures: `snapshot · changed 12s ago`, or
    /// `snapshot` before the first one.
    public static func picture(changed: Date?, now: Date) -> String {
        guard let changed else { return "snapshot" }
        return "snapshot · changed \(RelativeTime.ago(changed, now: now))"
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

    /// A stream's failure, latest notice and typed keys held or discarded, in full (for the
    /// message above the status line, which a long link state can cut off), nil when none.
    static func problem(_ stream: StreamState) -> String? {
        var parts: [String] = []
        switch stream.status {
        case .failed(let reason): parts.append("stream failed: \(reason)")
        case .exited(let code): parts.append("session ended (exit \(code))")
        default: break
        }
        if let notice = stream.notice { parts.append(notice) }
        if let pending = stream.pendingText { parts.append(pending) }
        if let lost = stream.lossText { parts.append(lost) }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    /// `text` cut into lines of at most `width` columns.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        var used = 0
        for character in text {
            let w = DisplayWidth.of(String(character))
            if used + w > width, !line.isEmpty {
                lines.append(line)
                line = ""
                used = 0
            }
            line.append(character)
            used += w
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
