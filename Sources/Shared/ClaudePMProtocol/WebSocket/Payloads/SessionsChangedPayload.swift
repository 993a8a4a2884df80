/// `{"sessionId"?}`: the payload of `sessions:changed` (extension): a session was added to or
/// removed from the session list; `sessionId` when the change is one session's.
public struct SessionsChangedPayload: Sendable, Equatable, Codable {
    /// The session added or removed, if the change is one session's.
    public var sessionId: String?

    /// Memberwise initializer.
    public init(sessionId: String? = nil) {
        self.sessionId = sessionId
    }
}
