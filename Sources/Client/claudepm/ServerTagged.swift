// One record of a server's JSON with the configured server's name added as `server`, so a
// listing across several servers says where each record came from. The record's own fields are
// written first and unchanged; `server` is an extension field (readers may ignore it).

/// A record encoded as the server sent it, plus `"server": <configured name>` at the end.
struct ServerTagged<Record: Encodable>: Encodable {
    /// The configured name of the server the record came from.
    var server: String
    /// The server's record.
    var record: Record

    private enum CodingKeys: String, CodingKey {
        case server
    }

    func encode(to encoder: any Encoder) throws {
        try record.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(server, forKey: .server)
    }
}
