// Typing through the real claudepm: a key written into claudepm's PTY → the character visible on
// claudepm's screen (the bench's TerminalScreen of that PTY, timed at the chunk that showed it).
// claudepm is attached full screen to a session whose pane runs `cat` on a raw, no-echo tty, so
// the echo is the application's. A direct `tmux attach` to the same kind of pane on a tmux
// server of its own is measured in the same run, in interleaved blocks. Through the latency
// proxy with prediction on, the time is to the predicted glyph; with it off, to the real echo.
// The sustained run writes keys at a fixed 15 keys/s regardless of echoes and times each key.
import Foundation
import LatencyProxy

/// Keystroke echo and sustained typing through claudepm.
struct TypingScenario {
    let stage: TUIStage
    let keys: Int
    let sustainedSeconds: Int

    private static let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")
    static let lineLength = 60
    private static let detachKey: [UInt8] = [0x1D]
    /// cat reading key by key with the tty's echo off (the echo is the application's), CR read as
    /// LF and LF written as CR LF: every line starts on a fresh row (claudepm sends Enter for
    /// Ctrl-J, so the bench cannot type an LF itself).
    static let catCommand = "stty -icanon -echo icrnl onlcr min 1; exec cat"

    /// A typing client: claudepm attached, or tmux attached, on a raw `cat` pane.
    struct Typist {
        let client: PTYChild
        /// Keys already typed on the current line (-1 before the first line).
        var column = -1
        var line = 0
        /// Whether a new line costs a probe (prediction: the first key after a control key is
        /// not predicted); such keys are typed untimed.
        let probeAfterReturn: Bool
        /// Rows at the bottom that are not the pane (claudepm's status line).
        let statusRows: Int

        /// A condition: the line being typed starts with `expected` (the pane's lowest non-empty
        /// row, since every line starts on a fresh row; consecutive lines start differently).
        func shows(_ expected: String) -> WatchedScreen.Condition {
            let statusRows = self.statusRows
            return { lines in lines.dropLast(statusRows).last { !$0.isEmpty }?.hasPrefix(expected) == true }
        }
    }

    /// Starts claudepm (through `proxy` if given, with `prediction`) attached to tile 1 running cat.
    func claudepm(proxyPort: Int?, prediction: String, firstLine: Int) async throws -> Typist {
        let pane = stage.tiles[0].paneID
        let running = try stage.tmux.run(["display-message", "-p", "-t", pane, "#{pane_current_command}"])
        if !running.contains("cat") { try stage.tmux.sendLine(pane, "clear; \(Self.catCommand)") }
        let client = try stage.launchClient(serverPort: proxyPort, environment: ["CLAUDEPM_PREDICTION": prediction])
        do {
            try await stage.waitForWall(client)
            try client.send("gg")
            try await Task.sleep(for: .milliseconds(300))
            try client.send("\r")
            try await client.screen.waitUntil("attached") { $0.last?.contains("detach") == true }
            var typist = Typist(
                client: client, line: firstLine, probeAfterReturn: prediction != "off", statusRows: 1)
            try await waitForLiveStream(typist)
            try await startLine(&typist)
            return typist
        } catch {
            await client.stop()
            throw error
        }
    }

    /// A `tmux attach` client on a raw `cat` pane of a tmux server of its own.
    func tmuxAttach(firstLine: Int) async throws -> (Typist, ComparisonTmux) {
        let cmp = try ComparisonTmux.start(
            root: stage.root, session: "typing", cols: TUIStage.cols, rows: TUIStage.rows)
        let pane = try cmp.panes("typing")[0]
        try cmp.tmux.sendLine(pane, "clear; \(Self.catCommand)")
        let client = try cmp.attach("typing", cols: TUIStage.cols, rows: TUIStage.rows)
        var typist = Typist(client: client, line: firstLine, probeAfterReturn: false, statusRows: 0)
        do {
            try await Task.sleep(for: .milliseconds(500))
            try await startLine(&typist)
        } catch {
            await client.stop()
            cmp.stop()
            throw error
        }
        return (typist, cmp)
    }

    /// The attach view shows the tile's screen while the interactive stream attaches, and keys
    /// typed then are dropped: types `x` until the pane echoes one.
    private func waitForLiveStream(_ typist: Typist) async throws {
        @Sendable func count(_ lines: [String]) -> Int { lines.dropLast(1).joined().filter { $0 == "x" }.count }
        for attempt in 0..<20 {
            let before = count(typist.client.screen.lines())
            try typist.client.send("x")
            let name = "live stream \(attempt)"
            typist.client.screen.arm(name) { lines in count(lines) > before }
            if (try? await typist.client.screen.waitMet(name, timeout: .seconds(2))) != nil { return }
        }
        throw BenchError.timeout("claudepm's stream never echoed a key")
    }

    /// Enter (a fresh row: the prediction needs blank cells right of the cursor), then untimed
    /// probe keys.
    private func startLine(_ typist: inout Typist) async throws {
        let first = typist.column < 0
        typist.line += 1
        typist.column = 0
        try typist.client.send([13])
        // Prediction: the first probe may be ignored while the last line's predictions are still
        // unconfirmed (nothing new is predicted after a control key until they resolve); the
        // second, typed after the first one's echo, earns trust. Without prediction only the
        // very first key is untimed.
        let probes = typist.probeAfterReturn ? 2 : (first ? 1 : 0)
        for index in 0..<probes {
            let expected = Self.prefix(line: typist.line, count: index + 1)
            try typist.client.send(Array(String(expected.last ?? "?").utf8))
            try await typist.client.screen.waitUntil("line \(typist.line) probe \(index)", typist.shows(expected))
            typist.column = index + 1
        }
    }

    /// The first `count` characters of line `line` (each line starts at another letter).
    static func prefix(line: Int, count: Int) -> String {
        String((0..<count).map { alphabet[($0 + line * 7) % alphabet.count] })
    }

    /// Types `count` keys one at a time, each after the previous one echoed; milliseconds each.
    func echo(_ typist: inout Typist, count: Int) async throws -> [Double] {
        var samples: [Double] = []
        for _ in 0..<count {
            if typist.column >= Self.lineLength { try await startLine(&typist) }
            let expected = Self.prefix(line: typist.line, count: typist.column + 1)
            let name = "key \(typist.line).\(typist.column)"
            typist.client.screen.arm(name, typist.shows(expected))
            let start = ContinuousClock.now
            try typist.client.send(Array(String(expected.last ?? "?").utf8))
            samples.append((try await typist.client.screen.waitMet(name, timeout: .seconds(20)) - start).milliseconds)
            typist.column += 1
        }
        return samples
    }

    /// Writes keys at `rate` per second for `seconds` without waiting for echoes; returns each
    /// key's time from its write to its glyph, in ms.
    func sustained(_ typist: inout Typist, rate: Double, seconds: Int) async throws -> [Double] {
        var pending: [(name: String, sent: ContinuousClock.Instant)] = []
        let gap = Duration.seconds(1 / rate)
        let total = Int(rate * Double(seconds))
        var next = ContinuousClock.now
        for index in 0..<total {
            if typist.column >= Self.lineLength {
                for key in pending { _ = try await typist.client.screen.waitMet(key.name, timeout: .seconds(30)) }
                try await startLine(&typist)
                next = ContinuousClock.now
            }
            let expected = Self.prefix(line: typist.line, count: typist.column + 1)
            let name = "sustained \(index)"
            typist.client.screen.arm(name, typist.shows(expected))
            try await ContinuousClock().sleep(until: next)
            let sent = ContinuousClock.now
            try typist.client.send(Array(String(expected.last ?? "?").utf8))
            pending.append((name, sent))
            typist.column += 1
            next = next + gap
        }
        var samples: [Double] = []
        for key in pending {
            let met = try await typist.client.screen.waitMet(key.name, timeout: .seconds(30))
            samples.append((met - key.sent).milliseconds)
        }
        return samples
    }
}
