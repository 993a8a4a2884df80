// The one error type of ClientRuntime.

/// Why the client runtime could not start or keep running.
public enum RuntimeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Standard input or output is not a terminal the UI can take over.
    case notATerminal(String)
    /// Terminal or signal setup failed (with what was being done).
    case terminalSetupFailed(String)
    /// A system call failed: which one and its errno.
    case systemCall(String, Int32)
    /// The configuration is unusable (with the reason).
    case invalidConfiguration(String)

    /// A one-line message for the user.
    public var description: String {
        switch self {
        case .notATerminal(let what): return "not a terminal: \(what)"
        case .terminalSetupFailed(let what): return "terminal setup failed: \(what)"
        case .systemCall(let call, let code): return "\(call) failed (errno \(code))"
        case .invalidConfiguration(let why): return "invalid configuration: \(why)"
        }
    }
}
