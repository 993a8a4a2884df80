// What an answer names (claudepm's extension on `/keys` and `/input`): the prompt id the client
// gave the waiting episode it answers, and, when the client knows it, the server's time of that
// episode's `session:waiting` (`waiting_since`). The supervisor types an answer once per prompt
// id; one that names `waitingSince` only while its session waits, and never into a wait that
// began after it.
import Foundation

/// The prompt an answer is for.
public struct PromptClaim: Sendable, Equatable {
    /// The client's prompt id (`<session id>@<ms>`), 1–200 characters.
    public var prompt: String
    /// The `timestamp` of the `session:waiting` that began the wait the user saw, if known.
    public var waitingSince: Date?

    /// Creates a claim.
    public init(prompt: String, waitingSince: Date? = nil) {
        self.prompt = prompt
        self.waitingSince = waitingSince
    }

    /// True if the answer may be typed into the session's current wait, which began at `began`
    /// (nil: the session does not wait). An answer that names no time is not checked; one that
    /// does needs a wait that began no later than it says (the times are this server's own,
    /// compared in the milliseconds `ISOTimestamp` writes).
    public func fits(waitBegan began: Date?) -> Bool {
        guard let waitingSince else { return true }
        guard let began else { return false }
        return Self.milliseconds(began) <= Self.milliseconds(waitingSince)
    }

    private static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }
}
