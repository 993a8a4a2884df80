/// The `code` of a WebSocket `error` message (§3.8). Unknown values decode as `.other(raw)`.
public enum WSErrorCode: OpenEnum {
    /// `"INVALID_MESSAGE"`.
    case invalidMessage
    /// `"PARSE_ERROR"`.
    case parseError
    /// `"SESSION_NOT_FOUND"`.
    case sessionNotFound
    /// `"NOT_SUBSCRIBED"`.
    case notSubscribed
    /// `"INPUT_FAILED"`.
    case inputFailed
    /// `"RATE_LIMITED"`.
    case rateLimited
    /// `"INTERNAL_ERROR"`.
    case internalError
    /// `"PTY_ALREADY_ATTACHED"`.
    case ptyAlreadyAttached
    /// `"PTY_NOT_ATTACHED"`.
    case ptyNotAttached
    /// `"PTY_INVALID_PANE"`.
    case ptyInvalidPane
    /// `"PTY_ATTACH_FAILED"`.
    case ptyAttachFailed
    /// A value this version does not know, kept verbatim.
    case other(String)

    /// Every named case.
    public static let knownCases: [WSErrorCode] = [
        .invalidMessage, .parseError, .sessionNotFound, .notSubscribed, .inputFailed, .rateLimited, .internalError,
        .ptyAlreadyAttached, .ptyNotAttached, .ptyInvalidPane, .ptyAttachFailed,
    ]

    /// The wire spelling.
    public var rawValue: String {
        switch self {
        case .invalidMessage: "INVALID_MESSAGE"
        case .parseError: "PARSE_ERROR"
        case .sessionNotFound: "SESSION_NOT_FOUND"
        case .notSubscribed: "NOT_SUBSCRIBED"
        case .inputFailed: "INPUT_FAILED"
        case .rateLimited: "RATE_LIMITED"
        case .internalError: "INTERNAL_ERROR"
        case .ptyAlreadyAttached: "PTY_ALREADY_ATTACHED"
        case .ptyNotAttached: "PTY_NOT_ATTACHED"
        case .ptyInvalidPane: "PTY_INVALID_PANE"
        case .ptyAttachFailed: "PTY_ATTACH_FAILED"
        case .other(let value): value
        }
    }
}
