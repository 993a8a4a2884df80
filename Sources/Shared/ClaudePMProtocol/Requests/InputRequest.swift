/// `POST /api/sessions/:id/input` body: `{"input"}` (1–100,000 characters; Enter is appended).
public struct InputRequest: Sendable, Equatable, Codable {
    /// Text to type.
    public var input: String

    /// Memberwise initializer.
    public init(input: String) {
        self.input = input
    }
}
