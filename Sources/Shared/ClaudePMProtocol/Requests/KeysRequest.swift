/// `POST /api/sessions/:id/keys` body: `{"keys"}` (tmux key names, space-separated, 1–100 characters).
public struct KeysRequest: Sendable, Equatable, Codable {
    /// Key names such as `"C-c"`.
    public var keys: String

    /// Memberwise initializer.
    public init(keys: String) {
        self.keys = keys
    }
}
