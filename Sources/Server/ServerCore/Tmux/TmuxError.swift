// Errors from driving tmux: a failed tmux command, a program that could not start, or input we
// refuse to hand to tmux (names tmux would silently rewrite, malformed pane ids).

/// Everything that can go wrong when ServerCore talks to tmux.
public enum TmuxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// tmux ran and exited with a non-zero `status`; `stderr` is its message (trimmed).
    case commandFailed(arguments: [String], status: Int32, stderr: String)
    /// The tmux executable could not be found or started.
    case launchFailed(executable: String, reason: String)
    /// A session name tmux cannot hold as given (empty, `:` or `.`, control characters).
    case invalidSessionName(String)
    /// A pane id that is not of the form `%<digits>`.
    case invalidPaneID(String)
    /// An argument we refuse to pass (e.g. an environment variable name containing `=`).
    case invalidArgument(String)
    /// tmux printed something we could not parse.
    case unexpectedOutput(String)
    /// The command would make tmux 3.3a exit while `window-size` is `manual`, so it was not run.
    case unsafeWhileWindowSizeManual(String)

    public var description: String {
        switch self {
        case .commandFailed(let arguments, let status, let stderr):
            return "tmux \(arguments.first ?? "") failed (status \(status)): \(stderr)"
        case .launchFailed(let executable, let reason): return "cannot run \(executable): \(reason)"
        case .invalidSessionName(let name): return "invalid tmux session name: \(name.debugDescription)"
        case .invalidPaneID(let pane): return "invalid tmux pane id: \(pane.debugDescription)"
        case .invalidArgument(let text): return "invalid tmux argument: \(text)"
        case .unexpectedOutput(let text): return "unexpected tmux output: \(text.debugDescription)"
        case .unsafeWhileWindowSizeManual(let command):
            return "not running tmux \(command): tmux 3.3a exits on it while the option window-size is manual"
        }
    }

    /// True when tmux failed because no server runs on the socket (or it vanished meanwhile).
    public var isNoServer: Bool {
        guard case .commandFailed(_, _, let stderr) = self else { return false }
        return stderr.contains("no server running") || stderr.contains("error connecting to")
            || stderr.contains("server exited unexpectedly")
    }
}
