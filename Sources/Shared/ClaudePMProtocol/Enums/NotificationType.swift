/// The type of a stored server notification. Unknown values decode as `.other(raw)`.
public enum NotificationType: OpenEnum {
    /// `"review_ready"`.
    case reviewReady
    /// `"context_low"`.
    case contextLow
    /// `"handoff_complete"`.
    case handoffComplete
    /// `"error"`.
    case error
    /// `"waiting_input"`.
    case waitingInput
    /// A value this version does not know, kept verbatim.
    case other(String)

    /// Every named case.
    public static let knownCases: [NotificationType] = [
        .reviewReady, .contextLow, .handoffComplete, .error, .waitingInput,
    ]

    /// The wire spelling.
    public var rawValue: String {
        switch self {
        case .reviewReady: "review_ready"
        case .contextLow: "context_low"
        case .handoffComplete: "handoff_complete"
        case .error: "error"
        case .waitingInput: "waiting_input"
        case .other(let value): value
        }
    }
}
