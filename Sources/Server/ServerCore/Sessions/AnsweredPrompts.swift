// The prompts each session was answered for through `/keys` or `/input` with a `prompt` id
// (claudepm's extension; a client names the waiting episode it answers). The first request
// naming a prompt claims it and is typed; a repeat is refused (409) and types nothing, so an
// answer is idempotent end to end: a client that is unsure whether its answer arrived may send
// it again. Claims live in memory (a restart forgets them), at most `perSession` per session.

/// Answered prompt ids by session.
struct AnsweredPrompts: Sendable {
    /// How many prompt ids are kept per session (the oldest is forgotten first).
    static let perSession = 32
    private var bySession: [String: [String]] = [:]

    /// Claims `prompt` for `session`; false if it was claimed before.
    mutating func claim(_ prompt: String, session: String) -> Bool {
        var claimed = bySession[session, default: []]
        guard !claimed.contains(prompt) else { return false }
        claimed.append(prompt)
        if claimed.count > Self.perSession { claimed.removeFirst(claimed.count - Self.perSession) }
        bySession[session] = claimed
        return true
    }

    /// Gives a claim back (the keys could not be typed, so the prompt is still unanswered).
    mutating func release(_ prompt: String, session: String) {
        bySession[session]?.removeAll { $0 == prompt }
    }

    /// Forgets a session's claims (it ended).
    mutating func forget(session: String) {
        bySession[session] = nil
    }
}
