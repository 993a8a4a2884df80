/// `GET /api/agents/task-presets`: `{"presets":[string]}`.
public struct TaskPresetsResponse: Sendable, Equatable, Codable {
    /// Preset task texts.
    public var presets: [String]

    /// Memberwise initializer.
    public init(presets: [String]) {
        self.presets = presets
    }
}
