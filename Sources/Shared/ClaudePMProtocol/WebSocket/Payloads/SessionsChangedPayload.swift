/// `{"sessionId"?}`: the payload of `sessions:changed` (extension): the session list changed (a
/// session was added, removed or renamed, or its project or ticket changed); `sessionId` when the
/// change is one session's.
public struct SessionsChangedPayload: Sendable, Equatable, Codable {
    /// The session added or removed, if the change is one session's.
    public var sessionId: String?

    /// Memberwise initializer.
    public init(sessionId: String? = nil) {
        self.sessionId = sessionId
    }
}
