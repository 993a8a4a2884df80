// Exact coding for `Session`: nullable keys are written as `null`, and the ref keys follow
// `includesRefs`.
import Foundation

extension Session {
    /// Decodes either wire shape. Absent nullable keys read as nil, an absent `source` as `.api`
    /// and an absent `context_percent` as 0; a fractional `context_percent` is rounded.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try c.decode(String.self, forKey: .id),
            projectId: try c.decode(String.self, forKey: .projectId),
            ticketId: try c.decodeIfPresent(String.self, forKey: .ticketId),
            type: try c.decode(SessionType.self, forKey: .type),
            status: try c.decode(SessionStatus.self, forKey: .status),
            source: try c.decodeIfPresent(SessionSource.self, forKey: .source) ?? .api,
            contextPercent: try Self.percent(c.decodeIfPresent(Double.self, forKey: .contextPercent)),
            paneId: try c.decode(String.self, forKey: .paneId),
            paneName: try c.decodeIfPresent(String.self, forKey: .paneName),
            paneCommand: try c.decodeIfPresent(String.self, forKey: .paneCommand),
            paneCwd: try c.decodeIfPresent(String.self, forKey: .paneCwd),
            startedAt: try c.decodeIfPresent(Date.self, forKey: .startedAt),
            endedAt: try c.decodeIfPresent(Date.self, forKey: .endedAt),
            createdAt: try c.decode(Date.self, forKey: .createdAt),
            updatedAt: try c.decode(Date.self, forKey: .updatedAt),
            project: try c.decodeIfPresent(SessionProjectRef.self, forKey: .project),
            ticket: try c.decodeIfPresent(SessionTicketRef.self, forKey: .ticket),
            includesRefs: c.contains(.project) || c.contains(.ticket)
        )
    }

    /// A percentage as a whole number, whatever a server sent (42, 42.5, 1e300).
    static func percent(_ value: Double?) -> Int {
        guard let value, value.isFinite else { return 0 }
        return Int(min(max(value, -1_000_000), 1_000_000).rounded())
    }

    /// Encodes every key in the upstream order, nullable ones as `null`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(projectId, forKey: .projectId)
        try c.encode(ticketId, forKey: .ticketId)
        try c.encode(type, forKey: .type)
        try c.encode(status, forKey: .status)
        try c.encode(source, forKey: .source)
        try c.encode(contextPercent, forKey: .contextPercent)
        try c.encode(paneId, forKey: .paneId)
        try c.encode(paneName, forKey: .paneName)
        try c.encode(paneCommand, forKey: .paneCommand)
        try c.encode(paneCwd, forKey: .paneCwd)
        try c.encode(startedAt, forKey: .startedAt)
        try c.encode(endedAt, forKey: .endedAt)
        try c.encode(createdAt, forKey: .createdAt)
        try c.encode(updatedAt, forKey: .updatedAt)
        if includesRefs {
            try c.encode(project, forKey: .project)
            try c.encode(ticket, forKey: .ticket)
        }
    }
}
