// Identifies a session across several servers: session ids are only unique per server.

/// A session on a particular server.
public struct SessionKey: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The configured server name.
    public var server: String
    /// The session id on that server.
    public var sessionId: String

    /// Creates a key.
    public init(server: String, sessionId: String) {
        self.server = server
        self.sessionId = sessionId
    }

    public static func < (lhs: SessionKey, rhs: SessionKey) -> Bool {
        (lhs.server, lhs.sessionId) < (rhs.server, rhs.sessionId)
    }

    public var description: String { "\(server)/\(sessionId)" }
}
