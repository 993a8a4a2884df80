// Journal: what keeping claudepm-server's journal costs, and how fast a seek in it is.
// - Cost: the wall's output (9 sessions × 64 KB/s) with the journal on and, after a relaunch on
//   the same data and sessions, with `--no-journal`, in interleaved rounds; measured are
//   claudepm-server's CPU over each round (utime+stime delta / wall time: the journal's appends,
//   keyframes and flusher all run in that process) and the bytes its journal directory grew by.
//   No viewer is attached: the journal does not depend on one, and a viewer's CPU on these two
//   cores would only add noise to a difference of a few percent.
// - Seek: one session writes `seekBytes` at 1 MiB/s (as much as an hour of a session writing
//   about 5 KB/s; keyframes come every 256 KiB or 30 s, so a seek replays at most that much
//   either way), then random moments of it are asked for over REST; each time runs from the
//   request to the screen drawn in an emulator of its size, as rewind draws it. Then the real
//   claudepm rewinds that session (R) and goes between its oldest and newest moments (`g g`,
//   `G`): each time runs from the key to claudepm's screen showing the other moment. Last, the
//   whole journal of that session is searched (`/` in rewind) for a word the output repeats.
import ClaudePMProtocol
import Foundation
import TerminalScreen

/// One cost round's figures.
struct JournalCost {
    /// claudepm-server's CPU, % of one core.
    var cpuPercent: Double
    /// Journal bytes written per second.
    var bytesPerSecond: Double
}

/// The journal scenario on the TUI stage's server and tiles.
struct JournalScenario {
    let stage: TUIStage
    let duration: Duration
    /// What the seek session writes.
    let seekBytes: Int

    /// One round of the wall's output with the journal `on` or off.
    func cost(journal on: Bool) async throws -> JournalCost {
        try await stage.useJournal(on)
        for (index, tile) in stage.tiles.enumerated() {
            try stage.run(
                in: tile.paneID, [stage.benchBinary, "generate-output", "--rate", "64k", "--tag", "\(index + 1)"])
        }
        defer { for tile in stage.tiles { try? stage.interrupt(tile.paneID) } }
        try await Task.sleep(for: .seconds(2))
        let pid = stage.server.pid
        guard let cpu0 = ProcStat.cpuSeconds(pid: pid) else { throw BenchError.server("no /proc/\(pid)/stat") }
        let bytes0 = journalBytes()
        let start = ContinuousClock.now
        try await Task.sleep(for: duration)
        guard let cpu1 = ProcStat.cpuSeconds(pid: pid) else { throw BenchError.server("claudepm-server exited") }
        let seconds = (ContinuousClock.now - start).milliseconds / 1000
        return JournalCost(
            cpuPercent: (cpu1 - cpu0) / seconds * 100, bytesPerSecond: Double(journalBytes() - bytes0) / seconds)
    }

    /// Seeks to `count` random moments of the first tile's journal after it wrote `seekBytes`;
    /// returns each seek's milliseconds and what the journal held.
    func seeks(count: Int) async throws -> (milliseconds: [Double], summary: JournalSummary) {
        try await stage.useJournal(true)
        guard let tile = stage.tiles.first, let session = tile.sessionId else {
            throw BenchError.server("no tile session")
        }
        let lines = seekBytes / 100
        try stage.run(
            in: tile.paneID,
            [stage.benchBinary, "generate-output", "--rate", "1m", "--tag", "99", "--lines", String(lines)])
        defer { try? stage.interrupt(tile.paneID) }
        let summary = try await waitForJournal(session, bytes: Int64(seekBytes) * 9 / 10)
        guard let from = summary.fromMs, let to = summary.toMs, to > from else {
            throw BenchError.server("the journal holds no span")
        }
        var generator = SystemRandomNumberGenerator()
        var milliseconds: [Double] = []
        for _ in 0..<count {
            let at = Int64.random(in: from...to, using: &generator)
            let start = ContinuousClock.now
            let screen = try screen(session, at: at)
            let emulator = TerminalScreen(rows: max(screen.rows, 1), cols: max(screen.cols, 1))
            emulator.feed(screen.data)
            _ = emulator.takeOutput()
            milliseconds.append((ContinuousClock.now - start).milliseconds)
        }
        return (milliseconds, summary)
    }

    /// Times `count` searches of the first tile's whole journal (`GET …/journal/search`) for a
    /// word the generator prints; the milliseconds of each and the hits of the last.
    func searches(count: Int) throws -> (milliseconds: [Double], hits: Int) {
        guard let session = stage.tiles.first?.sessionId else { throw BenchError.server("no tile session") }
        var milliseconds: [Double] = []
        var hits = 0
        for _ in 0..<count {
            let start = ContinuousClock.now
            let (status, body) = try MiniHTTP.request(
                port: stage.server.port, "GET", "/api/sessions/\(session)/journal/search?q=linking", json: nil)
            guard status == 200 else { throw BenchError.server("journal search: \(status)") }
            hits = try JSONDecoder().decode(JournalSearch.self, from: body).hits.count
            milliseconds.append((ContinuousClock.now - start).milliseconds)
        }
        return (milliseconds, hits)
    }

    /// In the real claudepm: R on the first tile (the seek session), then `g g` and `G` in turn,
    /// `count` times; the milliseconds from each key to the screen showing the other moment.
    func claudepmSeeks(count: Int) async throws -> [Double] {
        let client = try stage.launchClient()
        do {
            try await stage.waitForWall(client)
            try client.send("gg")
            try await Task.sleep(for: .milliseconds(300))
            try client.send("R")
            try await client.screen.waitUntil("rewound", timeout: .seconds(60)) { Self.moment($0) != nil }
            var milliseconds: [Double] = []
            for index in 0..<count {
                let before = Self.moment(client.screen.lines())
                client.screen.arm("moved \(index)") { lines in Self.moment(lines).map { $0 != before } ?? false }
                let start = ContinuousClock.now
                try client.send(index % 2 == 0 ? "gg" : "G")
                milliseconds.append((try await client.screen.waitMet("moved \(index)") - start).milliseconds)
            }
            await client.stop()
            return milliseconds
        } catch {
            await client.stop()
            throw error
        }
    }

    /// The moment rewind's status line shows (`REWIND · … · 12:34:56 · …`), nil before one shows.
    static func moment(_ lines: [String]) -> String? {
        guard let status = lines.last(where: { $0.contains("REWIND") }) else { return nil }
        let parts = status.components(separatedBy: " · ")
        return parts.first { part in
            part.count == 8 && part.enumerated().allSatisfy { index, c in index % 3 == 2 ? c == ":" : c.isNumber }
        }
    }

    private func screen(_ session: String, at: Int64) throws -> JournalScreen {
        let (status, body) = try MiniHTTP.request(
            port: stage.server.port, "GET", "/api/sessions/\(session)/journal/screen?at=\(at)", json: nil)
        guard status == 200 else { throw BenchError.server("journal screen at \(at): \(status)") }
        return try JSONDecoder().decode(JournalScreen.self, from: body)
    }

    private func summary(_ session: String) throws -> JournalSummary {
        let (status, body) = try MiniHTTP.request(
            port: stage.server.port, "GET", "/api/sessions/\(session)/journal", json: nil)
        guard status == 200 else { throw BenchError.server("journal: \(status)") }
        return try JSONDecoder().decode(JournalSummary.self, from: body)
    }

    /// Waits until `session`'s journal holds `bytes` of output (at most two minutes).
    private func waitForJournal(_ session: String, bytes: Int64) async throws -> JournalSummary {
        for _ in 0..<1200 {
            let summary = try summary(session)
            if summary.bytes >= bytes { return summary }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw BenchError.server("the journal did not reach \(bytes) bytes in two minutes")
    }

    /// The bytes of every journal file.
    func journalBytes() -> Int64 {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: stage.journalDirectory.path)) ?? []
        return names.reduce(Int64(0)) { total, name in
            let path = stage.journalDirectory.appendingPathComponent(name).path
            let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber
            return total + (size?.int64Value ?? 0)
        }
    }
}
