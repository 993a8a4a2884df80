/// Why a ticket transition happened. Unknown values decode as `.other(raw)`.
public enum TransitionReason: OpenEnum {
    /// `"session_started"`.
    case sessionStarted
    /// `"completion_detected"`.
    case completionDetected
    /// `"user_approved"`.
    case userApproved
    /// `"user_rejected"`.
    case userRejected
    /// `"user_updated"`.
    case userUpdated
    /// A value this version does not know, kept verbatim.
    case other(String)

    /// Every named case.
    public static let knownCases: [TransitionReason] = [
        .sessionStarted, .completionDetected, .userApproved, .userRejected, .userUpdated,
    ]

    /// The wire spelling.
    public var rawValue: String {
        switch self {
        case .sessionStarted: "session_started"
        case .completionDetected: "completion_detected"
        case .userApproved: "user_approved"
        case .userRejected: "user_rejected"
        case .userUpdated: "user_updated"
        case .other(let value): value
        }
    }
}
