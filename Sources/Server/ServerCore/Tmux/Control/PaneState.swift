// The state of a pane that capture-pane does not carry: size, cursor, modes, the scroll region
// and the alternate screen, read with one `display-message -p` of `PaneState.format`.

/// A pane's terminal state as tmux reports it.
public struct PaneState: Sendable, Equatable {
    public var windowId = ""
    public var cols = 80
    public var rows = 24
    public var historySize = 0
    public var cursorX = 0
    public var cursorY = 0
    public var cursorVisible = true
    public var alternateOn = false
    public var alternateSavedX = 0
    public var alternateSavedY = 0
    public var scrollTop = 0
    public var scrollBottom = 23
    public var insert = false
    public var applicationCursor = false
    public var applicationKeypad = false
    public var wrap = true
    public var origin = false
    public var mouseStandard = false
    public var mouseButton = false
    public var mouseAll = false
    public var mouseSGR = false
    public var mouseUTF8 = false
    public var dead = false
    /// The tmux server's pid and start time, and the pane's process id: together they name the
    /// pane across a restart of claudepm-server (pane ids are reused by a new tmux server).
    public var serverPid = 0
    public var serverStart = 0
    public var panePid = 0

    /// A default state (80×24, nothing set).
    public init() {}

    /// The `display-message` format whose output `parse` reads.
    public static let format = [
        "#{window_id}", "#{pane_width}", "#{pane_height}", "#{history_size}", "#{cursor_x}", "#{cursor_y}",
        "#{cursor_flag}", "#{alternate_on}", "#{alternate_saved_x}", "#{alternate_saved_y}",
        "#{scroll_region_upper}", "#{scroll_region_lower}", "#{insert_flag}", "#{keypad_cursor_flag}",
        "#{keypad_flag}", "#{wrap_flag}", "#{origin_flag}", "#{mouse_standard_flag}", "#{mouse_button_flag}",
        "#{mouse_all_flag}", "#{mouse_sgr_flag}", "#{mouse_utf8_flag}", "#{pane_dead}", "#{pid}", "#{start_time}",
        "#{pane_pid}",
    ].joined(separator: " ")

    /// The name of the pane across restarts of claudepm-server; nil when tmux did not say.
    public var identity: String? {
        guard serverPid > 0, serverStart > 0, panePid > 0 else { return nil }
        return "\(serverPid)-\(serverStart)-\(panePid)"
    }

    /// Parses one line printed with `format` (or the 23 fields before the identity was added); nil
    /// if it does not have that shape.
    public static func parse(_ line: String) -> PaneState? {
        let f = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        guard f.count == 23 || f.count == 26, f[0].hasPrefix("@"), let cols = Int(f[1]), let rows = Int(f[2]), cols > 0,
            rows > 0
        else { return nil }
        let n: (Int) -> Int = { Int(f[$0]).map { $0 > 100_000 ? 0 : max($0, 0) } ?? 0 }
        let b: (Int) -> Bool = { f[$0] == "1" }
        var s = PaneState()
        s.windowId = f[0]
        (s.cols, s.rows, s.historySize) = (cols, rows, n(3))
        (s.cursorX, s.cursorY, s.cursorVisible) = (min(n(4), cols - 1), min(n(5), rows - 1), b(6))
        (s.alternateOn, s.alternateSavedX, s.alternateSavedY) = (b(7), min(n(8), cols - 1), min(n(9), rows - 1))
        (s.scrollTop, s.scrollBottom) = (min(n(10), rows - 1), min(n(11), rows - 1))
        (s.insert, s.applicationCursor, s.applicationKeypad, s.wrap, s.origin) = (b(12), b(13), b(14), b(15), b(16))
        (s.mouseStandard, s.mouseButton, s.mouseAll, s.mouseSGR, s.mouseUTF8) = (b(17), b(18), b(19), b(20), b(21))
        s.dead = b(22)
        if f.count == 26 {
            (s.serverPid, s.serverStart, s.panePid) = (Int(f[23]) ?? 0, Int(f[24]) ?? 0, Int(f[25]) ?? 0)
        }
        return s
    }
}
