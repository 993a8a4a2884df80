/// A workmux agent's status, passed through from workmux. Unknown values decode as `.other(raw)`.
public enum AgentStatus: OpenEnum {
    /// `"working"`.
    case working
    /// `"waiting"`.
    case waiting
    /// `"done"`.
    case done
    /// A value this version does not know, kept verbatim.
    case other(String)

    /// Every named case.
    public static let knownCases: [AgentStatus] = [.working, .waiting, .done]

    /// The wire spelling.
    public var rawValue: String {
        switch self {
        case .working: "working"
        case .waiting: "waiting"
        case .done: "done"
        case .other(let value): value
        }
    }
}
