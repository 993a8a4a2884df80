/// `POST /api/sessions/:id/stop` body: `{"force"?: bool}` (default false).
public struct StopSessionRequest: Sendable, Equatable, Codable {
    /// Kill the pane at once instead of Ctrl-C and a 5 s grace period.
    public var force: Bool?

    /// Memberwise initializer.
    public init(force: Bool? = nil) {
        self.force = force
    }
}
