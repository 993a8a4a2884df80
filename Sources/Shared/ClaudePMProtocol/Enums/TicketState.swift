/// A ticket's board column. Unknown values decode as `.other(raw)`.
public enum TicketState: OpenEnum {
    /// `"backlog"`.
    case backlog
    /// `"in_progress"`.
    case inProgress
    /// `"review"`.
    case review
    /// `"done"`.
    case done
    /// A value this version does not know, kept verbatim.
    case other(String)

    /// Every named case.
    public static let knownCases: [TicketState] = [.backlog, .inProgress, .review, .done]

    /// The wire spelling.
    public var rawValue: String {
        switch self {
        case .backlog: "backlog"
        case .inProgress: "in_progress"
        case .review: "review"
        case .done: "done"
        case .other(let value): value
        }
    }
}
