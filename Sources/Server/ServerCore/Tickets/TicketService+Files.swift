// Ticket file operations: rewrite content, re-sync one ticket from its file, delete a ticket.
import Foundation

extension TicketService {
    /// Replaces the ticket's markdown file (confined to the repository); returns the new content.
    public func writeContent(_ id: String, content: String) async throws -> TicketRecord {
        let t = try await get(id)
        let url = try TicketFiles(repoPath: try await localProject(t.projectId).repoPath).resolve(t.filePath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try content.write(to: url, atomically: true, encoding: .utf8)
        return t
    }

    /// Re-reads one ticket's title from its file.
    public func syncOne(_ id: String) async throws -> TicketRecord {
        var t = try await get(id)
        let text = TicketFiles(repoPath: try await localProject(t.projectId).repoPath).content(t.filePath)
        guard let title = TicketFiles.title(text), title != t.title else { return t }
        t.title = title
        t.updatedAt = clock.now()
        let updated = t
        try await store.write { try $0.update(updated) }
        return updated
    }

    /// Deletes the ticket (409 while a session runs for it) and, for adhoc tickets, its file.
    public func delete(_ id: String) async throws {
        let t = try await get(id)
        if t.isAdhoc { _ = try await localProject(t.projectId) }
        if let running = try await runningSession(ticketId: id) {
            throw ServerError.conflict("Ticket has a running session: \(running.id)")
        }
        if t.isAdhoc, let p = try? await project(t.projectId),
            let url = try? TicketFiles(repoPath: p.repoPath).resolve(t.filePath)
        {
            try? FileManager.default.removeItem(at: url)
        }
        try await store.write { try $0.delete(TicketRecord.self, id: id) }
        // Its ended sessions stay in the list without their ticket.
        bus.publish(.sessionsChanged(sessionId: nil))
    }
}
