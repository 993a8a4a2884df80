/// Who caused a ticket transition. Unknown values decode as `.other(raw)`.
public enum TransitionTrigger: OpenEnum {
    /// `"auto"`.
    case auto
    /// `"manual"`.
    case manual
    /// A value this version does not know, kept verbatim.
    case other(String)

    /// Every named case.
    public static let knownCases: [TransitionTrigger] = [.auto, .manual]

    /// The wire spelling.
    public var rawValue: String {
        switch self {
        case .auto: "auto"
        case .manual: "manual"
        case .other(let value): value
        }
    }
}
