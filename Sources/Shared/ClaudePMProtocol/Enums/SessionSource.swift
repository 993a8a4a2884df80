/// How the server learned about a session. Unknown values decode as `.other(raw)`.
public enum SessionSource: OpenEnum {
    /// `"api"`.
    case api
    /// `"discovered"`.
    case discovered
    /// A value this version does not know, kept verbatim.
    case other(String)

    /// Every named case.
    public static let knownCases: [SessionSource] = [.api, .discovered]

    /// The wire spelling.
    public var rawValue: String {
        switch self {
        case .api: "api"
        case .discovered: "discovered"
        case .other(let value): value
        }
    }
}
