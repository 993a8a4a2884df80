/// `pty:exit`: the PTY process (the tmux client) exited.
public struct PtyExitPayload: Sendable, Equatable, Codable {
    /// Session UUID.
    public var sessionId: String
    /// Its exit code.
    public var exitCode: Int

    /// Memberwise initializer.
    public init(sessionId: String, exitCode: Int) {
        self.sessionId = sessionId
        self.exitCode = exitCode
    }
}
