// What tmux tells about one pane, and the `-F` format used to ask for it. Fields are separated by
// the ASCII unit separator; the title comes last so that whatever it contains cannot shift fields.

/// A snapshot of one tmux pane.
public struct PaneInfo: Sendable, Equatable, Hashable {
    /// The pane id, e.g. `%3`. Stable for the life of the pane within one tmux server.
    public var id: String
    /// The name of the session the pane belongs to.
    public var sessionName: String
    /// The index of the pane's window in the session.
    public var windowIndex: Int
    /// The index of the pane in its window.
    public var paneIndex: Int
    /// The command currently running in the foreground of the pane (`pane_current_command`).
    public var command: String
    /// The current working directory of that command (`pane_current_path`); may be empty right
    /// after the pane was created.
    public var cwd: String
    /// The pid of the pane's first process.
    public var pid: Int32
    /// The pane title (set by the program with OSC 2, or by `select-pane -T`).
    public var title: String
    /// True when the pane's process exited but the pane remains (`remain-on-exit`).
    public var isDead: Bool
    /// Pane width in columns.
    public var width: Int
    /// Pane height in rows.
    public var height: Int

    /// Creates a pane description.
    public init(
        id: String, sessionName: String, windowIndex: Int, paneIndex: Int, command: String, cwd: String,
        pid: Int32, title: String, isDead: Bool, width: Int, height: Int
    ) {
        self.id = id
        self.sessionName = sessionName
        self.windowIndex = windowIndex
        self.paneIndex = paneIndex
        self.command = command
        self.cwd = cwd
        self.pid = pid
        self.title = title
        self.isDead = isDead
        self.width = width
        self.height = height
    }
}

extension PaneInfo {
    static let separator: Character = "\u{1F}"

    /// The `-F` format whose output `parse(line:)` reads.
    static let format = [
        "#{pane_id}", "#{window_index}", "#{pane_index}", "#{pane_pid}", "#{pane_dead}", "#{pane_width}",
        "#{pane_height}", "#{session_name}", "#{pane_current_command}", "#{pane_current_path}", "#{pane_title}",
    ].joined(separator: String(separator))

    /// Parses one line printed with `format`; nil if it does not have the expected shape.
    static func parse(line: Substring) -> PaneInfo? {
        let fields = line.split(separator: separator, maxSplits: 10, omittingEmptySubsequences: false)
        guard fields.count == 11, fields[0].hasPrefix("%"),
            let window = Int(fields[1]), let pane = Int(fields[2]), let pid = Int32(fields[3]),
            let width = Int(fields[5]), let height = Int(fields[6])
        else { return nil }
        return PaneInfo(
            id: String(fields[0]), sessionName: String(fields[7]), windowIndex: window, paneIndex: pane,
            command: String(fields[8]), cwd: String(fields[9]), pid: pid, title: String(fields[10]),
            isDead: fields[4] == "1", width: width, height: height)
    }

    /// Parses every line of `output`, skipping lines that do not parse.
    static func parseAll(_ output: String) -> [PaneInfo] {
        output.split(separator: "\n", omittingEmptySubsequences: true).compactMap { parse(line: $0) }
    }
}
