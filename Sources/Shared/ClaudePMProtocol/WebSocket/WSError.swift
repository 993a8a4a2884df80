// Builders for the `error` payloads upstream sends, with its exact message texts (§3.7, §3.8).

/// Factory for WebSocket `error` payloads.
public enum WSError {
    /// `PARSE_ERROR` "Invalid JSON".
    public static let parseError = ErrorPayload(code: .parseError, message: "Invalid JSON")

    /// `INVALID_MESSAGE` "Invalid message format" with `details: {"issues": [...]}`.
    public static func invalidMessage(issues: [ValidationIssue]) -> ErrorPayload {
        let details = (try? JSONValue(encoding: issues)) ?? .array([])
        return ErrorPayload(
            code: .invalidMessage, message: "Invalid message format", details: .object(["issues": details]))
    }

    /// `SESSION_NOT_FOUND` "Session not found: <id>".
    public static func sessionNotFound(_ sessionId: String) -> ErrorPayload {
        ErrorPayload(code: .sessionNotFound, message: "Session not found: \(sessionId)")
    }

    /// `NOT_SUBSCRIBED` "Not subscribed to this session".
    public static let notSubscribed = ErrorPayload(code: .notSubscribed, message: "Not subscribed to this session")

    /// `INPUT_FAILED` "Failed to send input to session <id>: <reason>".
    public static func inputFailed(sessionId: String, reason: String) -> ErrorPayload {
        ErrorPayload(code: .inputFailed, message: "Failed to send input to session \(sessionId): \(reason)")
    }

    /// `RATE_LIMITED` "Too many messages, please slow down".
    public static let rateLimited = ErrorPayload(code: .rateLimited, message: "Too many messages, please slow down")

    /// `INTERNAL_ERROR` with one of the `InternalErrorText` messages.
    public static func internalError(_ text: InternalErrorText) -> ErrorPayload {
        ErrorPayload(code: .internalError, message: text.rawValue)
    }

    /// `PTY_ALREADY_ATTACHED` "Connection <connId> is already attached to session <sid>".
    public static func ptyAlreadyAttached(connection: String, session: String) -> ErrorPayload {
        ErrorPayload(
            code: .ptyAlreadyAttached, message: "Connection \(connection) is already attached to session \(session)")
    }

    /// `PTY_NOT_ATTACHED` "Connection <connId> is not attached to any session" (data, resize).
    public static func ptyNotAttached(connection: String) -> ErrorPayload {
        ErrorPayload(code: .ptyNotAttached, message: "Connection \(connection) is not attached to any session")
    }

    /// `PTY_NOT_ATTACHED` "Not attached to PTY" (selectPane).
    public static let ptyNotAttachedForSelectPane = ErrorPayload(code: .ptyNotAttached, message: "Not attached to PTY")

    /// `PTY_INVALID_PANE` "Session <id> has invalid pane ID: <pane>".
    public static func ptyInvalidPane(sessionId: String, paneId: String) -> ErrorPayload {
        ErrorPayload(code: .ptyInvalidPane, message: "Session \(sessionId) has invalid pane ID: \(paneId)")
    }

    /// `PTY_ATTACH_FAILED` "Failed to attach PTY: <reason>".
    public static func ptyAttachFailed(_ reason: String) -> ErrorPayload {
        ErrorPayload(code: .ptyAttachFailed, message: "Failed to attach PTY: \(reason)")
    }

    /// `PTY_ATTACH_FAILED` "Failed to attach PTY: Pane <pane> is not alive".
    public static func paneNotAlive(_ paneId: String) -> ErrorPayload {
        ptyAttachFailed("Pane \(paneId) is not alive")
    }

    /// `PTY_ATTACH_FAILED` "Failed to attach PTY: Could not get pane info for <pane>".
    public static func noPaneInfo(_ paneId: String) -> ErrorPayload {
        ptyAttachFailed("Could not get pane info for \(paneId)")
    }

    /// `PTY_ATTACH_FAILED` when no PTY can be spawned at all.
    public static func ptyUnavailable(_ reason: String) -> ErrorPayload {
        ErrorPayload(
            code: .ptyAttachFailed,
            message: "PTY not available on this system: \(reason). This often happens when Node.js runs under "
                + "Rosetta on Apple Silicon. Please use ARM-native Node.js or use the legacy input method.")
    }

    /// The exact `INTERNAL_ERROR` texts upstream uses.
    public enum InternalErrorText: String, Sendable, CaseIterable {
        /// Any unexpected failure while processing a frame.
        case processMessage = "Failed to process message"
        /// `session:input` failed unexpectedly.
        case sendInput = "Failed to send input"
        /// `session:keys` failed unexpectedly.
        case sendKeys = "Failed to send keys"
        /// `pty:data` failed.
        case sendData = "Failed to send data to PTY"
        /// `pty:resize` failed.
        case resize = "Failed to resize PTY"
        /// `pty:selectPane` failed.
        case selectPane = "Failed to select pane"
    }
}

extension ErrorPayload {
    /// The Zod issues of an `INVALID_MESSAGE` error, if `details.issues` decodes.
    public var issues: [ValidationIssue]? {
        guard let list = details?["issues"] else { return nil }
        return try? list.decode([ValidationIssue].self)
    }
}
