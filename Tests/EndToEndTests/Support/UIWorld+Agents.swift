// Comparing what the UI shows with the demo agents' real panes (read from the demo's own tmux
// server), and steering the agents' random script into the state a test needs.
import ClaudePMProtocol
import Foundation

extension UIWorld {
    /// Polls until every tile shows a row that starts a line of its own agent's pane and no line
    /// of any other agent's pane. Returns whether that happened and the last screen.
    func waitForTilesShowingOwnAgents(timeout: Double = 60) async throws -> (ok: Bool, screen: String) {
        var panes: [String: String] = [:]
        for key in DemoTickets.sessionKeys { panes[key] = try await session(ticket: key).paneId }
        let end = Date().addingTimeInterval(timeout)
        var screen = ""
        while Date() < end {
            var lines: [String: [String]] = [:]
            for (key, pane) in panes {
                lines[key] = await agentScreen(paneId: pane).split(separator: "\n").map { Self.trimmed($0) }
            }
            screen = await tmux.screen()
            let tiles = ScreenGrid(screen).tiles
            let ownRows = panes.keys.allSatisfy { key in
                guard let tile = ScreenGrid(screen).tile(key) else { return false }
                return tile.content.map { Self.trimmed(Substring($0)) }.contains { row in
                    row.count >= 10 && lines[key, default: []].contains { $0.hasPrefix(row) }
                        && !lines.contains { $0.key != key && $0.value.contains { $0.hasPrefix(row) } }
                }
            }
            if tiles.count == panes.count, ownRows { return (true, screen) }
            try await Task.sleep(for: .milliseconds(300))
        }
        return (false, screen)
    }

    /// Waits until some agent asks a free question. Agents wait for an answer forever, so when all
    /// of them ask for permission instead, one is approved over REST to let its script move on.
    func waitForQuestion(timeout: Double = 120) async throws -> (ok: Bool, screen: String) {
        let end = Date().addingTimeInterval(timeout)
        var screen = await tmux.screen()
        while Date() < end {
            let rows = ListRows(screen).rows
            if rows.contains(where: { $0.line.contains("◆ question") }) { return (true, screen) }
            if rows.count == DemoTickets.sessionKeys.count, rows.allSatisfy({ $0.line.contains("◆ permission") }),
                let first = rows.first
            {
                try await rest.sendInput(session: try await session(ticket: first.key).id, text: "y")
            }
            try await Task.sleep(for: .milliseconds(300))
            screen = await tmux.screen()
        }
        return (false, screen)
    }

    /// Waits for a banner offering y/n that was not on the previous capture, so that most of its
    /// 5 s are left to act on it (one seen late could expire before a key reaches the UI).
    /// Returns its line, or nil and the last screen. Agents wait for an answer forever, so when
    /// all of them wait (free questions, 1 run in 16 with four agents; or permission prompts whose
    /// banners expired before the wall was up, on a loaded machine), one is answered over REST
    /// every 5 s to let its script move on to its next question.
    func waitForFreshPermissionBanner(timeout: Double = 120) async -> (line: String?, screen: String) {
        let end = Date().addingTimeInterval(timeout)
        let bannerLine = { (screen: String) in screen.split(separator: "\n").first { $0.contains("y/n answer") } }
        var screen = await tmux.screen()
        var previous = bannerLine(screen)
        var answered = Date.distantPast
        while Date() < end {
            try? await Task.sleep(for: .milliseconds(100))
            screen = await tmux.screen()
            let current = bannerLine(screen)
            if let current, current != previous { return (String(current), screen) }
            previous = current
            let rows = ListRows(screen).rows
            if Date().timeIntervalSince(answered) > 5, rows.count == DemoTickets.sessionKeys.count,
                rows.allSatisfy({ $0.line.contains("◆") }), let first = rows.randomElement(),
                let id = try? await session(ticket: first.key).id
            {
                let asksFreely = first.line.contains("◆ question")
                try? await rest.sendInput(session: id, text: asksFreely ? "go ahead" : "y")
                answered = Date()
            }
        }
        return (nil, screen)
    }

    private static func trimmed(_ line: Substring) -> String {
        var text = String(line)
        while text.last == " " { text.removeLast() }
        return text
    }
}
