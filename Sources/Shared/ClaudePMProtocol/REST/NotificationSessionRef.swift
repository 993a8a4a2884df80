/// The `session` reference in a notification: `{"id","type","status"}`.
public struct NotificationSessionRef: Sendable, Equatable, Codable {
    /// Session UUID.
    public var id: String
    /// Ticket or ad hoc.
    public var type: SessionType
    /// Current status.
    public var status: SessionStatus

    /// Memberwise initializer.
    public init(id: String, type: SessionType, status: SessionStatus) {
        self.id = id
        self.type = type
        self.status = status
    }
}
