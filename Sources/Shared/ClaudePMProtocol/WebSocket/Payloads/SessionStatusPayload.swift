import Foundation

/// `session:status`: a subscribed session changed status.
public struct SessionStatusPayload: Sendable, Equatable, Codable {
    /// Session UUID.
    public var sessionId: String
    /// Status before.
    public var previousStatus: SessionStatus
    /// Status after.
    public var newStatus: SessionStatus
    /// When.
    public var timestamp: Date
    /// Error text; omitted when nil.
    public var error: String?

    /// Memberwise initializer.
    public init(
        sessionId: String, previousStatus: SessionStatus, newStatus: SessionStatus, timestamp: Date,
        error: String? = nil
    ) {
        self.sessionId = sessionId
        self.previousStatus = previousStatus
        self.newStatus = newStatus
        self.timestamp = timestamp
        self.error = error
    }
}
