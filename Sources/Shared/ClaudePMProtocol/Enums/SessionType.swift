/// Whether a session works on a ticket or is ad hoc. Unknown values decode as `.other(raw)`.
public enum SessionType: OpenEnum {
    /// `"ticket"`.
    case ticket
    /// `"adhoc"`.
    case adhoc
    /// A value this version does not know, kept verbatim.
    case other(String)

    /// Every named case.
    public static let knownCases: [SessionType] = [.ticket, .adhoc]

    /// The wire spelling.
    public var rawValue: String {
        switch self {
        case .ticket: "ticket"
        case .adhoc: "adhoc"
        case .other(let value): value
        }
    }
}
