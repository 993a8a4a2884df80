// The identity of one prompt: a session's waiting episode, named by when this client saw it
// begin. An answer carries its prompt, so the client answers each prompt once (`AnswerLedger`),
// and claudepm-server refuses a repeat of the same prompt on the wire (the `prompt` field of
// `/keys` and `/input`, docs/compatibility.md), which an upstream server ignores; with the
// server's own time of the wait (`waiting_since`) it also refuses an answer that arrives after
// that wait ended.

import Foundation

/// One waiting episode of one session.
public struct PromptID: Hashable, Sendable, CustomStringConvertible {
    /// The session that waits.
    public var session: SessionKey
    /// When the client saw it start waiting (`WaitingInfo.since`): a new wait is a new prompt.
    public var since: Date
    /// When the server says the wait began (`WaitingInfo.serverSince`), sent with the answer as
    /// `waiting_since`. Not part of the identity: it may become known after the prompt was seen.
    public var serverSince: Date?

    /// Creates a prompt id.
    public init(session: SessionKey, since: Date, serverSince: Date? = nil) {
        self.session = session
        self.since = since
        self.serverSince = serverSince
    }

    public static func == (lhs: PromptID, rhs: PromptID) -> Bool {
        lhs.session == rhs.session && lhs.since == rhs.since
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(session)
        hasher.combine(since)
    }

    /// The id sent with an answer: `<session id>@<since, in milliseconds since 1970>`.
    public var wire: String {
        "\(session.sessionId)@\(Int64((since.timeIntervalSince1970 * 1000).rounded()))"
    }

    public var description: String { wire }
}
