// What the session supervisor needs from tmux. The implementation (TmuxPaneDriver) sits on the
// servercore helper's `Tmux` type; everything is argv-based, never a shell string.
import ClaudePMProtocol

/// A live pane as reported by tmux.
public struct PaneSummary: Sendable, Equatable {
    public var paneId: String
    public var sessionName: String
    public var command: String
    public var cwd: String
    public var title: String

    /// A pane summary.
    public init(paneId: String, sessionName: String, command: String, cwd: String, title: String) {
        self.paneId = paneId
        self.sessionName = sessionName
        self.command = command
        self.cwd = cwd
        self.title = title
    }
}

/// The tmux operations the server uses.
public protocol PaneDriver: Sendable {
    /// True if a tmux binary is usable.
    func isAvailable() async -> Bool
    /// True if the tmux session `name` exists.
    func hasSession(_ name: String) async -> Bool
    /// Creates a pane in `session` (and `window` if given) running `argv`; returns its `%N` id.
    func createPane(
        session: String, window: String?, cwd: String, argv: [String], env: [String: String]
    )
        async throws -> String
    /// True if the pane exists and its process has not exited.
    func isPaneAlive(_ paneId: String) async -> Bool
    /// The ids of every live pane, asked of tmux once; nil if tmux could not be asked (then
    /// nothing may be concluded about any pane).
    func livePaneIDs() async -> Set<String>?
    /// Kills the pane.
    func killPane(_ paneId: String) async throws
    /// Types `text` literally, then Enter if `enter`.
    func sendLiteral(_ paneId: String, text: String, enter: Bool) async throws
    /// Sends tmux key names (`C-c`, `Escape`, …), one argv element each.
    func sendKeyNames(_ paneId: String, keys: [String]) async throws
    /// Sends raw bytes (`send-keys -H`).
    func sendBytes(_ paneId: String, bytes: [UInt8]) async throws
    /// Captures the pane's last `lines` history lines plus the screen, with SGR escapes.
    func capture(_ paneId: String, lines: Int) async throws -> [String]
    /// The pane's current command and cwd, nil if it is gone.
    func paneSummary(_ paneId: String) async -> PaneSummary?
    /// Every live pane of the tmux server.
    func listPanes() async -> [PaneSummary]
    /// Selects the pane and zooms its window unless already zoomed.
    func selectAndZoom(_ paneId: String) async throws
    /// Sets the pane's title.
    func setTitle(_ paneId: String, title: String) async throws
    /// Scrolls the pane in tmux copy mode: `up`/`down` half a page (entering copy mode first if
    /// needed), `enter` copy mode, or `exit` it.
    func scroll(_ paneId: String, action: ScrollAction) async throws
    /// The argv of a tmux client attached to the pane's session (run on a PTY by the WS layer).
    func attachArgv(paneId: String, session: String, readOnly: Bool) -> [String]
    /// Pane streams over tmux control mode, nil where there are none (then attach falls back to
    /// a tmux client and the supervisor to polling).
    var paneStreams: PaneStreams? { get }
}
