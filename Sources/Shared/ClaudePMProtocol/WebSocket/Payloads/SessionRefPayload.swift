/// `{"sessionId"}`: the payload of `unsubscribed`, `pty:detached`, and of the client's `session:subscribe`, `session:unsubscribe`, `pty:detach` and `pty:selectPane`.
public struct SessionRefPayload: Sendable, Equatable, Codable {
    /// Session UUID.
    public var sessionId: String

    /// Memberwise initializer.
    public init(sessionId: String) {
        self.sessionId = sessionId
    }
}

/// Payload of `unsubscribed`.
public typealias UnsubscribedPayload = SessionRefPayload
/// Payload of `pty:detached`.
public typealias PtyDetachedPayload = SessionRefPayload
