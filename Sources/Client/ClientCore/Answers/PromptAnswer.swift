// One answer to one prompt, as the user gave it: the prompt it is for, what was chosen (yes, no,
// or typed text) and the target named the way the status line confirms it ("API-001:
// permission"). The network backend sends it and reports how it ended (`Outcome`): confirmed by
// the server, refused (nothing typed), a repeat the server ignored, too late for its wait, or in
// doubt.

/// An answer to a waiting session's prompt.
public struct PromptAnswer: Hashable, Sendable {
    /// What the user answered.
    public enum Choice: Hashable, Sendable {
        /// Yes to a permission prompt (`1`, no Enter).
        case allow
        /// No to a permission prompt (Escape: "No, and tell Claude what to do differently").
        case deny
        /// Text typed into the answer box, sent with Enter.
        case text(String)
    }

    /// How sending an answer ended.
    public enum Outcome: Hashable, Sendable {
        /// The server confirmed it (a 2xx answer: the keys went to the pane).
        case delivered
        /// The server already had an answer to this prompt and typed nothing (claudepm-server's
        /// 409 for a repeated `prompt`).
        case duplicate
        /// The wait it answered was over when it arrived (claudepm-server's 410): nothing was
        /// typed, and the session's next prompt, if any, is a new one.
        case expired
        /// It was not sent or the server refused it: nothing was typed. The reason is shown.
        case refused(String)
        /// It went out, but whether it arrived is unknown (the link dropped or timed out, or the
        /// server failed midway). The reason is shown.
        case inDoubt(String)
    }

    /// The prompt answered.
    public var prompt: PromptID
    /// What was answered.
    public var choice: Choice
    /// The target as the status line names it: "API-001: permission".
    public var target: String

    /// Creates an answer.
    public init(prompt: PromptID, choice: Choice, target: String) {
        self.prompt = prompt
        self.choice = choice
        self.target = target
    }

    /// The session answered.
    public var session: SessionKey { prompt.session }

    /// "approved", "denied" or "answered".
    public var doneVerb: String {
        switch choice {
        case .allow: "approved"
        case .deny: "denied"
        case .text: "answered"
        }
    }

    /// "approving", "denying" or "answering".
    public var ongoingVerb: String {
        switch choice {
        case .allow: "approving"
        case .deny: "denying"
        case .text: "answering"
        }
    }

    /// What the status line says when it ended: "approved API-001: permission", "answer to
    /// API-001: permission may not have arrived (timeout)", ….
    public func report(_ outcome: Outcome) -> String {
        switch outcome {
        case .delivered: "\(doneVerb) \(target)"
        case .duplicate: "\(target) was already answered: nothing sent"
        case .expired: "\(target) no longer waits: nothing sent"
        case .refused(let reason): "answer to \(target) not sent: \(reason)"
        case .inDoubt(let reason): "answer to \(target) may not have arrived (\(reason))"
        }
    }
}
