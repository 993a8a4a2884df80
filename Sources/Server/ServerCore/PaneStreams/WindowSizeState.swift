// What claudepm reads of a tmux window before it sizes the window for an interactive viewer and
// again before it puts the window back: its size, the per-window `window-size` option (set or
// not, and to what), the value in effect, its layout and panes, and which tmux server answered
// (a restarted tmux server reuses window ids, so a record of another server's window is void).
import Foundation

/// One tmux server: its socket, pid and start time.
struct TmuxServerIdentity: Codable, Equatable, Hashable, Sendable {
    var socket: String
    var pid: Int
    var startTime: String
}

/// One window of one tmux server.
struct WindowRef: Equatable, Hashable, Sendable {
    var server: TmuxServerIdentity
    var windowId: String
}

/// A window's width and height in cells.
struct WindowSize: Codable, Equatable, Hashable, Sendable {
    var cols: Int
    var rows: Int
}

/// The state of one window as far as sizing goes.
struct WindowSizeState: Codable, Equatable, Sendable {
    /// The tmux server the window belongs to.
    var server: TmuxServerIdentity
    /// `@N`.
    var windowId: String
    /// The window's size.
    var size: WindowSize
    /// The window's own `window-size` (nil: not set on the window, it inherits the global one).
    var option: String?
    /// The `window-size` in effect (the window's own or the inherited one).
    var effective: String
    /// `window_zoomed_flag`.
    var zoomed: Bool
    /// `window_layout` (the layout tmux restores with `select-layout`).
    var layout: String
    /// The window's panes, in tmux's order (a layout string assigns its cells in that order).
    var panes: [String]

    /// Which window this is.
    var ref: WindowRef { WindowRef(server: server, windowId: windowId) }

    /// The commands that read a window's state for `target` (a pane or window id), in one list:
    /// the server, the window, then the window's own option. `parse` reads their replies.
    static func readCommands(target: String) -> [[String]] {
        [
            ["display-message", "-p", "#{socket_path} #{pid} #{start_time}"],
            ["display-message", "-p", "-t", target, format],
            ["show-options", "-w", "-v", "-t", target, "window-size"],
        ]
    }

    /// Fields without spaces, so one split reads them; `#{P:…}` lists the panes (a comma there
    /// would start the active pane's format).
    static let format =
        "#{window_id} #{pane_id} #{window_width} #{window_height} #{window_zoomed_flag} #{window-size} "
        + "#{window_layout} #{P:#{pane_id}/}"

    /// What `readCommands(target:)` answered: the window, or nil with the server alone when the
    /// target is gone (tmux prints another pane's or an empty line then, so ids are checked),
    /// or nothing when tmux did not answer at all.
    static func parse(_ replies: [ControlReply], target: String) -> (server: TmuxServerIdentity?, window: Self?) {
        guard replies.count == 3, replies[0].success, let server = identity(replies[0].text.first ?? "") else {
            return (nil, nil)
        }
        guard replies[1].success, replies[2].success else { return (server, nil) }
        let fields = (replies[1].text.first ?? "").split(separator: " ", omittingEmptySubsequences: false)
        guard fields.count == 8, target == String(fields[target.hasPrefix("@") ? 0 : 1]),
            let cols = Int(fields[2]), let rows = Int(fields[3])
        else { return (server, nil) }
        let option = replies[2].text.first.map { $0.trimmingCharacters(in: .whitespaces) }
        let window = WindowSizeState(
            server: server, windowId: String(fields[0]), size: WindowSize(cols: cols, rows: rows),
            option: option?.isEmpty == false ? option : nil, effective: String(fields[5]), zoomed: fields[4] == "1",
            layout: String(fields[6]), panes: fields[7].split(separator: "/").map(String.init))
        return (server, window)
    }

    /// Reads `#{socket_path} #{pid} #{start_time}` (the socket path may hold spaces).
    static func identity(_ line: String) -> TmuxServerIdentity? {
        let fields = line.split(separator: " ", omittingEmptySubsequences: false)
        guard fields.count >= 3, let pid = Int(fields[fields.count - 2]) else { return nil }
        let socket = fields.dropLast(2).joined(separator: " ")
        return TmuxServerIdentity(socket: socket, pid: pid, startTime: String(fields[fields.count - 1]))
    }
}
