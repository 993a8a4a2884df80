/// What started an AI review. Unknown values decode as `.other(raw)`.
public enum ReviewTrigger: OpenEnum {
    /// `"stop_hook"`.
    case stopHook
    /// `"idle_timeout"`.
    case idleTimeout
    /// `"completion_signal"`.
    case completionSignal
    /// `"manual"`.
    case manual
    /// A value this version does not know, kept verbatim.
    case other(String)

    /// Every named case.
    public static let knownCases: [ReviewTrigger] = [.stopHook, .idleTimeout, .completionSignal, .manual]

    /// The wire spelling.
    public var rawValue: String {
        switch self {
        case .stopHook: "stop_hook"
        case .idleTimeout: "idle_timeout"
        case .completionSignal: "completion_signal"
        case .manual: "manual"
        case .other(let value): value
        }
    }
}
