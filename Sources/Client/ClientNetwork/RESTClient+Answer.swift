// Answers to prompts over REST: yes and no are tmux key names on `/keys` (`1`, `Escape`), text
// goes to `/input` (with Enter). Each names its prompt (`prompt` and `waiting_since`, claudepm's
// extension), so claudepm-server types an answer to a prompt once, answers a repeat 409 and an
// answer to a wait that is over 410; an upstream server ignores the fields. How a failure ends
// for the user (`answerOutcome`) depends on whether the request can have reached the pane: a
// refusal or a connection never made typed nothing; a timeout, a dropped connection or a server
// failure leave it in doubt.

import ClientCore

extension RESTClient {
    /// Sends `answer` to its session; returns once the server confirmed it.
    public func send(_ answer: PromptAnswer) async throws(ClientNetworkError) {
        let id = answer.session.sessionId
        let prompt = answer.prompt.wire
        let since = answer.prompt.serverSince
        switch answer.choice {
        case .allow: try await sendKeys(session: id, keys: "1", prompt: prompt, waitingSince: since)
        case .deny: try await sendKeys(session: id, keys: "Escape", prompt: prompt, waitingSince: since)
        case .text(let text): try await sendInput(session: id, text: text, prompt: prompt, waitingSince: since)
        }
    }
}

extension ClientNetworkError {
    /// What this failure means for an answer that was being sent.
    public var answerOutcome: PromptAnswer.Outcome {
        switch self {
        case .rejected(_, 409, _): return .duplicate
        case .rejected(_, 410, _): return .expired
        case .unreachable(_, let detail) where Self.neverConnected.contains(detail):
            return .refused(description)
        case .unreachable, .timedOut, .serverError, .badResponse: return .inDoubt(description)
        case .authRejected, .authMissing, .notFound, .rejected, .tls, .unknownCertificate, .certificateMismatch,
            .pinMismatch, .untrustedCertificate, .configuration, .noMatch, .ambiguous, .localFile, .ptyFailed:
            return .refused(description)
        }
    }

    /// Transport failures before a connection existed (`RESTClient.classify`): nothing was sent.
    static let neverConnected: Set<String> = ["connection refused", "connection timed out"]
}
