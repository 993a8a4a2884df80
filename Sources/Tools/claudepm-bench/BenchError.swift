// The benchmark's one error type.

/// Why a benchmark step failed.
enum BenchError: Error, CustomStringConvertible {
    /// The server could not be started or answered unexpectedly.
    case server(String)
    /// Expected screen content did not appear before the link ended or timed out.
    case timeout(String)
    /// Setting up tmux or files failed.
    case setup(String)

    var description: String {
        switch self {
        case .server(let text): "server: \(text)"
        case .timeout(let text): "timeout: \(text)"
        case .setup(let text): "setup: \(text)"
        }
    }
}
