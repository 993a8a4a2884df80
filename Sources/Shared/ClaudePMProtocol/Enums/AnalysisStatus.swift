/// The progress of an AI analysis (`ai:analysis_status.status`). Unknown values decode as `.other(raw)`.
public enum AnalysisStatus: OpenEnum {
    /// `"generating"`.
    case generating
    /// `"completed"`.
    case completed
    /// `"failed"`.
    case failed
    /// A value this version does not know, kept verbatim.
    case other(String)

    /// Every named case.
    public static let knownCases: [AnalysisStatus] = [.generating, .completed, .failed]

    /// The wire spelling.
    public var rawValue: String {
        switch self {
        case .generating: "generating"
        case .completed: "completed"
        case .failed: "failed"
        case .other(let value): value
        }
    }
}
