// Errors from spawning and driving a child process on a PTY.

/// Everything that can go wrong with a `PTYProcess`.
public enum PTYError: Error, Sendable, Equatable, CustomStringConvertible {
    /// forkpty or exec setup failed; `errno` is the C error number.
    case spawnFailed(executable: String, errno: Int32)
    /// A write to the PTY master failed.
    case writeFailed(errno: Int32)
    /// A write could not make progress for too long (the child does not read its input).
    case writeTimedOut
    /// Setting the window size failed.
    case resizeFailed(errno: Int32)
    /// The PTY is closed (the child's side hung up, or the process was terminated).
    case closed
    /// An argument is not usable (e.g. a size out of range, a NUL byte in a string).
    case invalidArgument(String)

    public var description: String {
        switch self {
        case .spawnFailed(let executable, let code): return "cannot spawn \(executable) on a PTY (errno \(code))"
        case .writeFailed(let code): return "PTY write failed (errno \(code))"
        case .writeTimedOut: return "PTY write timed out"
        case .resizeFailed(let code): return "PTY resize failed (errno \(code))"
        case .closed: return "PTY is closed"
        case .invalidArgument(let text): return "invalid PTY argument: \(text)"
        }
    }
}
