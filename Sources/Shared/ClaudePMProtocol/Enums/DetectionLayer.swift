/// Which detector produced a `session:waiting` event. Unknown values decode as `.other(raw)`.
public enum DetectionLayer: OpenEnum {
    /// `"hook"`.
    case hook
    /// `"jsonl"`.
    case jsonl
    /// `"output_pattern"`.
    case outputPattern
    /// A value this version does not know, kept verbatim.
    case other(String)

    /// Every named case.
    public static let knownCases: [DetectionLayer] = [.hook, .jsonl, .outputPattern]

    /// The wire spelling.
    public var rawValue: String {
        switch self {
        case .hook: "hook"
        case .jsonl: "jsonl"
        case .outputPattern: "output_pattern"
        case .other(let value): value
        }
    }
}
