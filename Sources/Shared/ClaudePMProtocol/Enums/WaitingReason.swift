/// Why a session waits for input (`session:waiting.reason`). Unknown values decode as `.other(raw)`.
public enum WaitingReason: OpenEnum {
    /// `"permission_prompt"`.
    case permissionPrompt
    /// `"idle_prompt"`.
    case idlePrompt
    /// `"question"`.
    case question
    /// `"context_exhausted"`.
    case contextExhausted
    /// `"stopped"`.
    case stopped
    /// `"unknown"`.
    case unknown
    /// A value this version does not know, kept verbatim.
    case other(String)

    /// Every named case.
    public static let knownCases: [WaitingReason] = [
        .permissionPrompt, .idlePrompt, .question, .contextExhausted, .stopped, .unknown,
    ]

    /// The wire spelling.
    public var rawValue: String {
        switch self {
        case .permissionPrompt: "permission_prompt"
        case .idlePrompt: "idle_prompt"
        case .question: "question"
        case .contextExhausted: "context_exhausted"
        case .stopped: "stopped"
        case .unknown: "unknown"
        case .other(let value): value
        }
    }
}
