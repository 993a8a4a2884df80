// Everything of a user's tmux server that claudepm must leave as it was, as one text to compare
// before and after (a difference shows as a readable diff in the failure): the global session
// and window options, each session's current window, each window's size, layout, zoom, active
// pane and own options (`show-options -w`, set or not), and each pane's size. Read with
// separate tmux processes (reads only; nothing here changes tmux).

import Foundation

/// A snapshot of a tmux server's user-visible state.
public enum TmuxUserState {
    /// Runs tmux with these arguments (`tmux -L sock …`) and returns its output.
    public typealias Runner = @Sendable (_ arguments: [String]) async throws -> String

    /// The state as text, one fact a line.
    public static func capture(_ tmux: Runner) async throws -> String {
        var lines = ["global:"] + sorted(try await tmux(["show-options", "-g"]))
        lines += ["global window:"] + sorted(try await tmux(["show-options", "-g", "-w"]))
        let current = try await tmux(["list-windows", "-a", "-F", "#{session_name} #{window_id} #{window_active}"])
        lines += sorted(current).filter { $0.hasSuffix(" 1") }.map { "current window of session \($0.dropLast(2))" }
        let format =
            "#{window_id} #{window_width}x#{window_height} zoomed=#{window_zoomed_flag} active=#{pane_id} #{window_layout}"
        let windows = Set(sorted(try await tmux(["list-windows", "-a", "-F", format])))
        for window in windows.sorted() {
            let id = String(window.prefix { $0 != " " })
            lines.append("window \(window)")
            lines += sorted(try await tmux(["show-options", "-w", "-t", id])).map { "  \(id) own option \($0)" }
        }
        lines += sorted(try await tmux(["list-panes", "-a", "-F", "pane #{pane_id} #{pane_width}x#{pane_height}"]))
        return lines.joined(separator: "\n")
    }

    /// The size of `window` (`@N`), e.g. `140x39`.
    public static func size(of window: String, _ tmux: Runner) async throws -> String {
        try await tmux(["display-message", "-p", "-t", window, "#{window_width}x#{window_height}"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The lines of `text` that are not empty, sorted (tmux lists in an order of its own).
    private static func sorted(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { !$0.isEmpty }.sorted()
    }

    /// What differs between two captures, line by line (for failure messages).
    public static func difference(_ before: String, _ after: String) -> String {
        let old = Set(before.split(separator: "\n"))
        let new = Set(after.split(separator: "\n"))
        let gone = before.split(separator: "\n").filter { !new.contains($0) }.map { "- \($0)" }
        let added = after.split(separator: "\n").filter { !old.contains($0) }.map { "+ \($0)" }
        return (gone + added).joined(separator: "\n")
    }
}
