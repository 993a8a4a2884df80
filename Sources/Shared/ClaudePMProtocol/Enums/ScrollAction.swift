/// The action of `POST /api/sessions/:id/scroll`. Unknown values decode as `.other(raw)`.
public enum ScrollAction: OpenEnum {
    /// `"up"`.
    case up
    /// `"down"`.
    case down
    /// `"enter"`.
    case enter
    /// `"exit"`.
    case exit
    /// A value this version does not know, kept verbatim.
    case other(String)

    /// Every named case.
    public static let knownCases: [ScrollAction] = [.up, .down, .enter, .exit]

    /// The wire spelling.
    public var rawValue: String {
        switch self {
        case .up: "up"
        case .down: "down"
        case .enter: "enter"
        case .exit: "exit"
        case .other(let value): value
        }
    }
}
