// Errors of the end-to-end harness.

/// Errors of the end-to-end harness.
enum EndToEndError: Error, CustomStringConvertible {
    case fileFailed(path: String, errno: Int32)
    case commandFailed(argv: [String], status: Int32, output: String)
    case serverDidNotStart(log: String)

    var description: String {
        switch self {
        case .fileFailed(let path, let code): "cannot open \(path): errno \(code)"
        case .commandFailed(let argv, let status, let output): "\(argv) exited \(status): \(output)"
        case .serverDidNotStart(let log): "the demo server did not announce its URL; its log:\n\(log)"
        }
    }
}
