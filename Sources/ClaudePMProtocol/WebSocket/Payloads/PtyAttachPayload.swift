/// `pty:attach` (client): `{"sessionId","cols"?,"rows"?,"readOnly"?}`; `readOnly` is a claudepm extension.
public struct PtyAttachPayload: Sendable, Equatable, Codable {
    /// Session UUID.
    public var sessionId: String
    /// Columns 1–500 (default 80).
    public var cols: Int?
    /// Rows 1–200 (default 24).
    public var rows: Int?
    /// claudepm extension: attach without input.
    public var readOnly: Bool?

    /// Memberwise initializer.
    public init(sessionId: String, cols: Int? = nil, rows: Int? = nil, readOnly: Bool? = nil) {
        self.sessionId = sessionId
        self.cols = cols
        self.rows = rows
        self.readOnly = readOnly
    }
}
