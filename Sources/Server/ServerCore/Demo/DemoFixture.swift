// Demo data for `claudepm-server --demo`: a throwaway project folder (no git) whose
// docs/jira-tickets/ holds realistic markdown tickets, and which state each ticket starts in.
import ClaudePMProtocol
import Foundation

/// The demo project's tickets and how to write them to disk.
public enum DemoFixture {
    /// One demo ticket.
    public struct DemoTicket: Sendable, Equatable {
        /// Path of the markdown file relative to the repository root (the server's `file_path`).
        public var filePath: String
        /// `CSM-001` etc.; nil for adhoc tickets.
        public var externalId: String?
        /// The `# ` heading.
        public var title: String
        /// The state the demo starts the ticket in.
        public var state: TicketState
        /// The whole markdown file.
        public var markdown: String
        /// True for tickets under `adhoc/`.
        public var isAdhoc: Bool { externalId == nil }
    }

    /// The tickets folder relative to the repository (upstream's default `tickets_path`).
    public static let ticketsPath = "docs/jira-tickets"

    /// Every demo ticket, in file order.
    public static let tickets: [DemoTicket] = DemoTickets.all.map { spec in
        let folder = spec.id == nil ? "\(ticketsPath)/adhoc" : ticketsPath
        let name = spec.id.map { "\($0)-\(spec.slug)" } ?? spec.slug
        return DemoTicket(
            filePath: "\(folder)/\(name).md", externalId: spec.id, title: spec.title, state: spec.state,
            markdown: "# \(spec.title)\n\n\(spec.body)")
    }

    /// Which ticket starts in which of the four states, keyed by `filePath`.
    public static var initialStates: [String: TicketState] {
        Dictionary(uniqueKeysWithValues: tickets.map { ($0.filePath, $0.state) })
    }

    /// The tickets the demo runs agent sessions for (the `in_progress` ones), by `filePath`.
    public static var sessionTickets: [String] {
        tickets.filter { $0.state == .inProgress }.map(\.filePath)
    }

    /// Creates `repo` (if needed) with a README and every ticket file; returns the written ticket files.
    /// Existing files with the same names are overwritten.
    @discardableResult
    public static func write(to repo: URL) throws -> [URL] {
        let manager = FileManager.default
        try manager.createDirectory(at: repo, withIntermediateDirectories: true)
        let readme = "# Customer Success Manager (demo)\n\nA throwaway project created by `claudepm-server --demo`.\n"
        try readme.write(to: repo.appendingPathComponent("README.md"), atomically: true, encoding: .utf8)
        var written: [URL] = []
        for ticket in tickets {
            let url = repo.appendingPathComponent(ticket.filePath)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try ticket.markdown.write(to: url, atomically: true, encoding: .utf8)
            written.append(url)
        }
        return written
    }
}
