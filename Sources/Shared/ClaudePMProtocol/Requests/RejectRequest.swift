/// `POST /api/tickets/:id/reject` body: `{"feedback"}` (1–5,000 characters).
public struct RejectRequest: Sendable, Equatable, Codable {
    /// Why the work is rejected.
    public var feedback: String

    /// Memberwise initializer.
    public init(feedback: String) {
        self.feedback = feedback
    }
}
