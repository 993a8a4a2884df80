/// The kind of AI analysis (`ai:analysis_status.analysisType`). Unknown values decode as `.other(raw)`.
public enum AnalysisType: OpenEnum {
    /// `"review_report"`.
    case reviewReport
    /// A value this version does not know, kept verbatim.
    case other(String)

    /// Every named case.
    public static let knownCases: [AnalysisType] = [.reviewReport]

    /// The wire spelling.
    public var rawValue: String {
        switch self {
        case .reviewReport: "review_report"
        case .other(let value): value
        }
    }
}
