// The one error type of ServerCore. Each case maps to an HTTP status and a JSON body in ServerHTTP,
// mirroring the upstream server's `{"error": …}` and `{"error":"Validation error","details":…}` shapes.

/// An error raised by a ServerCore service.
public enum ServerError: Error, Equatable, Sendable {
    /// Request validation failed: Zod-style details, field path → messages.
    case validation([String: [String]])
    /// A domain error answered with 400 and `{"error": message}`.
    case badRequest(String)
    /// The resource does not exist (404, `{"error": message}`).
    case notFound(String)
    /// The request conflicts with existing state (409).
    case conflict(String)
    /// What the request names is no longer there (410): an answer to a prompt that stopped waiting.
    case gone(String)
    /// An upload is over its size limit (413).
    case payloadTooLarge(String)
    /// An upstream-500 style failure (tmux errors and the like).
    case internalError(String)
    /// The server cannot start with this configuration.
    case configuration(String)
}
