/// `POST /api/sessions/:id/focus`: `{"session_id","pane_id","message":"Pane focused and zoomed"}`.
public struct FocusResponse: Sendable, Equatable, Codable {
    /// Session UUID.
    public var sessionId: String
    /// The focused tmux pane.
    public var paneId: String
    /// `"Pane focused and zoomed"`.
    public var message: String

    /// Memberwise initializer.
    public init(sessionId: String, paneId: String, message: String = "Pane focused and zoomed") {
        self.sessionId = sessionId
        self.paneId = paneId
        self.message = message
    }

    enum CodingKeys: String, CodingKey {
        case sessionId = "session_id"
        case paneId = "pane_id"
        case message
    }
}
