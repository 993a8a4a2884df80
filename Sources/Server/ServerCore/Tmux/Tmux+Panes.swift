// Reading and driving one pane: capture, typing (literal text, key names, raw bytes), focus, zoom,
// title, and the argv for a tmux client attached to the pane's session.
import Foundation

extension Tmux {
    /// The pane's visible screen plus up to `historyLines` lines of scrollback above it, one string
    /// per row. With `escapes`, rows keep their SGR colour/attribute sequences (`capture-pane -e`).
    public func capturePane(_ paneID: String, historyLines: Int, escapes: Bool) async throws -> [String] {
        try TmuxArgument.validatePaneID(paneID)
        var arguments = ["capture-pane", "-p", "-t", paneID, "-S", String(-max(0, historyLines))]
        if escapes { arguments.append("-e") }
        var lines = try await runCommands([arguments]).components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Types `text` literally (`send-keys -l`), then Enter if `enter`. Text is never read as key names.
    public func sendLiteral(_ paneID: String, text: String, enter: Bool) async throws {
        try TmuxArgument.validatePaneID(paneID)
        var commands: [[String]] = []
        if !text.isEmpty { commands.append(["send-keys", "-t", paneID, "-l", "--", text]) }
        if enter { commands.append(["send-keys", "-t", paneID, "Enter"]) }
        guard !commands.isEmpty else { return }
        try await runCommands(commands)
    }

    /// Sends tmux key names such as `C-c`, `Escape`, `Up`, `Enter` (`send-keys` without `-l`).
    public func sendKeyNames(_ paneID: String, keys: [String]) async throws {
        try TmuxArgument.validatePaneID(paneID)
        guard !keys.isEmpty else { return }
        try await runCommands([["send-keys", "-t", paneID, "--"] + keys])
    }

    /// Sends raw bytes to the pane as if typed (`send-keys -H`), e.g. escape sequences.
    public func sendRawBytes(_ paneID: String, bytes: [UInt8]) async throws {
        try TmuxArgument.validatePaneID(paneID)
        guard !bytes.isEmpty else { return }
        let hex = bytes.map { String($0, radix: 16) }
        try await runCommands([["send-keys", "-t", paneID, "-H", "--"] + hex])
    }

    /// Kills the pane (and its process).
    public func killPane(_ paneID: String) async throws {
        try TmuxArgument.validatePaneID(paneID)
        try await runCommands([["kill-pane", "-t", paneID]])
    }

    /// Makes the pane's window current in its session and the pane active in its window.
    public func selectPane(_ paneID: String) async throws {
        try TmuxArgument.validatePaneID(paneID)
        try await runCommands([["select-window", "-t", paneID], ["select-pane", "-t", paneID]])
    }

    /// True when the pane's window is zoomed (`window_zoomed_flag`).
    public func isWindowZoomed(_ paneID: String) async throws -> Bool {
        try TmuxArgument.validatePaneID(paneID)
        let output = try await runCommands([["display-message", "-p", "-t", paneID, "#{window_zoomed_flag}"]])
        return output.trimmingCharacters(in: .whitespacesAndNewlines) == "1"
    }

    /// Toggles zoom of the pane's window onto this pane (`resize-pane -Z`).
    public func toggleZoom(_ paneID: String) async throws {
        try TmuxArgument.validatePaneID(paneID)
        try await runCommands([["resize-pane", "-Z", "-t", paneID]])
    }

    /// Sets the pane title (`select-pane -T`); `#` and a trailing `;` are kept literally.
    public func setPaneTitle(_ paneID: String, title: String) async throws {
        try TmuxArgument.validatePaneID(paneID)
        try await runCommands([["select-pane", "-t", paneID, "-T", TmuxArgument.escapingFormat(title)]])
    }

    /// Arguments (after `executable`) for a tmux client showing `paneID` of `session`.
    ///
    /// Interactive (`readOnly == false`), as upstream: `select-window`, `select-pane`, then
    /// `attach-session` to the session itself, so killing that session ends the client (`pty:exit`).
    ///
    /// Read-only watchers attach the same way with the client flags `read-only,ignore-size`. No
    /// grouped "view" sessions: tmux 3.3a exits on `new-session -t` while `window-size` is
    /// `manual`. Watchers of one session therefore share its current window; claudepm's own
    /// tiles use pane streams (PaneStreams) instead, which have no such limit.
    /// Spawn with `PTYProcess.spawn(executable: tmux.executable, arguments: …, environment: Tmux.childEnvironment() …)`.
    public func attachArguments(session: String, paneID: String, readOnly: Bool) -> [String] {
        let select = [["select-window", "-t", paneID], ["select-pane", "-t", paneID]]
        var attach = ["attach-session", "-t", "=\(session)"]
        if readOnly { attach += ["-r", "-f", "read-only,ignore-size"] }
        let commands = select + [attach]
        var argv = baseArguments
        for (index, command) in commands.enumerated() {
            if index > 0 { argv.append(";") }
            argv += command.map(TmuxArgument.escapingSeparator)
        }
        return argv
    }

    /// Marks the name of a view session made by earlier versions (`<session>~view-<id>`); such
    /// sessions are still left out of listings.
    public static let viewMarker = "~view-"
}
