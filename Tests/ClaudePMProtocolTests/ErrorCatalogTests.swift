// The exact upstream texts of WebSocket errors (§3.8) and close codes (§3.9).
import ClaudePMProtocol
import Foundation
import Testing

@Suite struct ErrorCatalogTests {
    @Test func messageTexts() {
        let cases: [(ErrorPayload, WSErrorCode, String)] = [
            (WSError.parseError, .parseError, "Invalid JSON"),
            (WSError.invalidMessage(issues: []), .invalidMessage, "Invalid message format"),
            (WSError.sessionNotFound("s1"), .sessionNotFound, "Session not found: s1"),
            (WSError.notSubscribed, .notSubscribed, "Not subscribed to this session"),
            (
                WSError.inputFailed(sessionId: "s1", reason: "Session is not running (status: completed)"),
                .inputFailed, "Failed to send input to session s1: Session is not running (status: completed)"
            ),
            (WSError.rateLimited, .rateLimited, "Too many messages, please slow down"),
            (WSError.internalError(.processMessage), .internalError, "Failed to process message"),
            (WSError.internalError(.sendData), .internalError, "Failed to send data to PTY"),
            (
                WSError.ptyAlreadyAttached(connection: "c1", session: "s1"), .ptyAlreadyAttached,
                "Connection c1 is already attached to session s1"
            ),
            (WSError.ptyNotAttached(connection: "c1"), .ptyNotAttached, "Connection c1 is not attached to any session"),
            (WSError.ptyNotAttachedForSelectPane, .ptyNotAttached, "Not attached to PTY"),
            (
                WSError.ptyInvalidPane(sessionId: "s1", paneId: "claude-code"), .ptyInvalidPane,
                "Session s1 has invalid pane ID: claude-code"
            ),
            (WSError.paneNotAlive("%9"), .ptyAttachFailed, "Failed to attach PTY: Pane %9 is not alive"),
            (WSError.noPaneInfo("%9"), .ptyAttachFailed, "Failed to attach PTY: Could not get pane info for %9"),
        ]
        for (payload, code, message) in cases {
            #expect(payload.code == code)
            #expect(payload.message == message)
            #expect((payload.details != nil) == (code == .invalidMessage))
        }
        #expect(
            WSError.ptyUnavailable("spawn failed").message.hasPrefix("PTY not available on this system: spawn failed."))
    }

    @Test func codesUseUpstreamSpelling() {
        let spelled = WSErrorCode.knownCases.map(\.rawValue)
        #expect(
            spelled == [
                "INVALID_MESSAGE", "PARSE_ERROR", "SESSION_NOT_FOUND", "NOT_SUBSCRIBED", "INPUT_FAILED", "RATE_LIMITED",
                "INTERNAL_ERROR", "PTY_ALREADY_ATTACHED", "PTY_NOT_ATTACHED", "PTY_INVALID_PANE", "PTY_ATTACH_FAILED",
            ])
        #expect(WSErrorCode(rawValue: "QUOTA_EXCEEDED") == .other("QUOTA_EXCEEDED"))
    }

    @Test func closeCodesAndLimits() {
        #expect(CloseCode.unauthorized == CloseCode(code: 4001, reason: "Unauthorized: Invalid or missing API key"))
        #expect(CloseCode.goingAway == CloseCode(code: 1001, reason: "Server shutting down"))
        #expect(CloseCode.messageTooBig.code == 1009 && CloseCode.messageTooBig.reason.isEmpty)
        #expect(WSLimits.maxPayload == 65_536)
        #expect(WSLimits.rateLimitMessages == 100 && WSLimits.rateLimitWindowMilliseconds == 10_000)
    }

    @Test func restErrorConstants() throws {
        #expect(
            try JSONValue(encoding: ErrorBody.internalServerError)
                == .object(["error": .string("Internal server error")]))
        #expect(
            try JSONValue(encoding: ErrorBody.unauthorized)
                == .object(["error": .string("Unauthorized"), "message": .string("Missing or invalid API key")]))
    }
}
