// The module's one error enum.

/// Why a WebSocket frame could not be accepted.
public enum ProtocolError: Error, Sendable, Equatable {
    /// Not JSON at all (upstream: `PARSE_ERROR` "Invalid JSON").
    case parse(reason: String)
    /// JSON that breaks the schema (upstream: `INVALID_MESSAGE` "Invalid message format").
    case invalid(issues: [ValidationIssue])

    /// The `error` payload upstream sends for this failure.
    public var errorPayload: ErrorPayload {
        switch self {
        case .parse: WSError.parseError
        case .invalid(let issues): WSError.invalidMessage(issues: issues)
        }
    }
}

/// The error of `ClientMessage.validate(_:)`: `.parse` or `.invalid(issues:)`.
public typealias ClientMessageError = ProtocolError
