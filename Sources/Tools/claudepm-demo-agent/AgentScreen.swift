// Draws the agent's Claude-Code-like screen for a given size: a header box, the transcript tail,
// a spinner/status line, and a prompt box (or the permission dialog while asking for permission).
// Each frame is a full set of rows; `render` returns the escape sequences to draw them.

/// Renders frames.
struct AgentScreen {
    var title: String
    var ticket: String?
    var cwd: String
    var seed: UInt64

    /// The rows of a frame (each already fitted to `cols`, with SGR colours).
    func rows(script: AgentScript, cols: Int, rows: Int, now: Double) -> [String] {
        let width = max(10, cols)
        let bottom = bottomRows(script: script, width: width, now: now)
        let header = headerRows(width: width)
        let room = max(0, rows - header.count - bottom.count)
        let tail = script.transcript.suffix(room).map { $0.sgr + TextWidth.pad($0.text, width: width) + "\u{1B}[0m" }
        let filler = Array(repeating: String(repeating: " ", count: width), count: room - tail.count)
        return Array((header + tail + filler + bottom).prefix(rows))
    }

    /// The escape sequences drawing `rows` from the top-left, leaving the cursor at `cursor`
    /// (0-based), where Claude Code keeps it: in the prompt box, or on the dialog's choice.
    static func render(_ rows: [String], cursor: (row: Int, col: Int)) -> String {
        var out = "\u{1B}[H"
        for (index, row) in rows.enumerated() { out += "\u{1B}[\(index + 1);1H\(row)\u{1B}[0m\u{1B}[K" }
        return out + "\u{1B}[\(cursor.row + 1);\(cursor.col + 1)H"
    }

    /// Where the cursor rests in a frame of `cols` x `rows`: after the typed text in the prompt
    /// box, or on `❯` in the permission dialog.
    func cursor(script: AgentScript, cols: Int, rows: Int, now: Double) -> (row: Int, col: Int) {
        let width = max(10, cols)
        let bottom = bottomRows(script: script, width: width, now: now).count
        let top = max(0, rows - bottom)
        switch script.phase {
        case .askingPermission:
            return (min(top + 5, rows - 1), 2)
        case .askingFree:
            return (min(top + 2, rows - 1), min(4 + TextWidth.of(script.typedText), width - 2))
        case .working, .reacting:
            return (min(top + 2, rows - 1), 4)
        }
    }

    private func headerRows(width: Int) -> [String] {
        let inner = width - 2
        let label = TextWidth.fit(" ✻ \(title) " + (ticket.map { "· \($0) " } ?? ""), width: max(0, width - 4))
        let dashes = max(0, width - 3 - TextWidth.of(label))
        let orange = "\u{1B}[38;5;208m"
        return [
            orange + "┌─" + label + String(repeating: "─", count: dashes) + "┐",
            orange + "│\u{1B}[0m" + TextWidth.pad(" cwd: \(cwd)  · 漢字 OK · 🤖 demo", width: inner) + orange + "│",
            orange + "└" + String(repeating: "─", count: inner) + "┘",
        ]
    }

    private func bottomRows(script: AgentScript, width: Int, now: Double) -> [String] {
        switch script.phase {
        case .askingPermission(let command):
            return permissionDialog(command: command, width: width)
        case .askingFree:
            return [statusLine("⏸ Waiting for your answer", width: width)]
                + promptBox(text: script.typedText + "▏", width: width)
        case .working, .reacting:
            let frame = WorkLibrary.spinnerFrames[Int(now * 8) % WorkLibrary.spinnerFrames.count]
            let verb = WorkLibrary.spinnerVerbs[Int(now / 3) % WorkLibrary.spinnerVerbs.count]
            let seconds = Int(now - script.workStartedAt)
            return [statusLine("\(frame) \(verb)… (\(seconds)s · esc to interrupt)", width: width)]
                + promptBox(text: "", width: width)
        }
    }

    private func statusLine(_ text: String, width: Int) -> String {
        "\u{1B}[38;5;208m" + TextWidth.pad(text, width: width)
    }

    private func promptBox(text: String, width: Int) -> [String] {
        let inner = width - 2
        let gray = "\u{1B}[38;5;244m"
        return [
            gray + "┌" + String(repeating: "─", count: inner) + "┐",
            gray + "│\u{1B}[0m" + TextWidth.pad(" > " + text, width: inner) + gray + "│",
            gray + "└" + String(repeating: "─", count: inner) + "┘",
            "\u{1B}[2m" + TextWidth.pad("  ? for shortcuts · seed \(seed)", width: width),
        ]
    }

    private func permissionDialog(command: String, width: Int) -> [String] {
        let inner = width - 2
        let blue = "\u{1B}[38;5;75m"
        let line = { (text: String) in blue + "│\u{1B}[0m" + TextWidth.pad(text, width: inner) + blue + "│" }
        return [
            blue + "╭" + String(repeating: "─", count: inner) + "╮",
            line(" Bash command"),
            line("   \(command)"),
            line(""),
            line(" Do you want to proceed?"),
            line(" ❯ 1. Yes"),
            line("   2. No, and tell Claude what to do differently (esc)"),
            blue + "╰" + String(repeating: "─", count: inner) + "╯",
        ]
    }
}
