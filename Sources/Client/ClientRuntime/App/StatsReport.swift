// `:stats`: the links as the client sees them, in the pager. Per server: link state, round trip,
// how often the link was re-established, the clock offset and when its data was last updated (the
// session list's "updated"; the round trip shows the link is alive); per open
// terminal stream: its state, bytes and frames delivered and input held. The server's own view is
// `GET /api/metrics` (docs/operations.md).
import ClientCore
import Foundation

/// Builds the `:stats` text.
enum StatsReport {
    /// The report's lines for `state` and the streams' counters.
    static func lines(_ state: AppState, counters: [SessionKey: StreamCounters]) -> [String] {
        var lines = ["Servers"]
        for server in state.servers {
            let rtt = server.rttMilliseconds.map { "\($0) ms" } ?? "–"
            let offset = state.notifications.clockOffsets[server.name].map { String(format: "%+.1f s", $0) } ?? "–"
            let updated = server.lastHeard.map { RelativeTime.ago($0, now: state.now) } ?? "never"
            lines.append(
                "  \(TerminalSafeText.escaped(server.name))  \(linkText(server.link))  rtt \(rtt)  "
                    + "reconnects \(max(server.timesOnline - 1, 0))  clock \(offset)  updated \(updated)")
        }
        lines.append("")
        lines.append("Terminal streams")
        let keys = Set(counters.keys).union(state.streams.keys).sorted {
            ($0.server, $0.sessionId) < ($1.server, $1.sessionId)
        }
        if keys.isEmpty { lines.append("  none open") }
        for key in keys {
            let name = state.sessions[key].map(\.displayName) ?? String(key.sessionId.prefix(8))
            let status = state.streams[key].map { $0.status.summary(now: state.clock) } ?? "closed"
            let count = counters[key] ?? StreamCounters()
            let held = state.streams[key]?.pendingInput ?? 0
            lines.append(
                "  \(TerminalSafeText.escaped(key.server))/\(TerminalSafeText.escaped(name))  \(status)  "
                    + "\(count.bytes) bytes in \(count.frames) frames" + (held > 0 ? "  \(held) bytes held" : ""))
        }
        return lines
    }

    private static func linkText(_ link: ServerLink) -> String {
        switch link {
        case .online: "online"
        case .connecting: "connecting"
        case .offline(let reason): "offline (\(TerminalSafeText.escaped(reason)))"
        }
    }
}
