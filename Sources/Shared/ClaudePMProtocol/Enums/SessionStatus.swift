/// The status of a session (`running`, `paused`, `completed`, `error`). Unknown values decode as `.other(raw)`.
public enum SessionStatus: OpenEnum {
    /// `"running"`.
    case running
    /// `"paused"`.
    case paused
    /// `"completed"`.
    case completed
    /// `"error"`.
    case error
    /// A value this version does not know, kept verbatim.
    case other(String)

    /// Every named case.
    public static let knownCases: [SessionStatus] = [.running, .paused, .completed, .error]

    /// The wire spelling.
    public var rawValue: String {
        switch self {
        case .running: "running"
        case .paused: "paused"
        case .completed: "completed"
        case .error: "error"
        case .other(let value): value
        }
    }
}
