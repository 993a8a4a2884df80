/// The AI reviewer's verdict. Unknown values decode as `.other(raw)`.
public enum ReviewDecision: OpenEnum {
    /// `"complete"`.
    case complete
    /// `"not_complete"`.
    case notComplete
    /// `"needs_clarification"`.
    case needsClarification
    /// A value this version does not know, kept verbatim.
    case other(String)

    /// Every named case.
    public static let knownCases: [ReviewDecision] = [.complete, .notComplete, .needsClarification]

    /// The wire spelling.
    public var rawValue: String {
        switch self {
        case .complete: "complete"
        case .notComplete: "not_complete"
        case .needsClarification: "needs_clarification"
        case .other(let value): value
        }
    }
}
