// The two ways the benchmark reaches the same tmux pane: a local `tmux attach` client in a PTY,
// or claudepm-server's PTY socket. Both hand raw terminal bytes to the same consumer.

/// A full-screen terminal connection: keyboard bytes in, screen bytes out.
protocol TerminalLink: Sendable {
    /// Screen bytes as they arrive; finishes when the link ends.
    var output: AsyncStream<[UInt8]> { get }
    /// Sends keyboard input.
    func send(_ bytes: [UInt8]) async throws
    /// Ends the link (finishes `output`).
    func close() async
}

/// Which path a measurement used.
enum LinkKind: String, Sendable, CaseIterable {
    /// A local `tmux attach` client in a PTY.
    case tmux
    /// claudepm-server's WebSocket PTY (`pty:attach` → `pty:output`).
    case server
    /// claudepm-server's pane stream (`pty:attach` with `stream: "pane"` → `pty:snapshot`, then
    /// `pty:output` with the pane's own bytes).
    case pane
}
