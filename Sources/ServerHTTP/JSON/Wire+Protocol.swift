// Conversions from ServerCore records to the shared ClaudePMProtocol REST models.
import ClaudePMProtocol
import ServerCore

extension Wire {
    /// The ticket summary model.
    static func ticketModel(_ t: TicketRecord) -> Ticket {
        Ticket(
            id: t.id, externalId: t.externalId, title: t.title, state: TicketState(rawValue: t.state),
            filePath: t.filePath, prefix: t.prefix, isAdhoc: t.isAdhoc, isExplore: t.isExplore, startedAt: t.startedAt,
            completedAt: t.completedAt, createdAt: t.createdAt, updatedAt: t.updatedAt)
    }

    /// The adhoc router's ticket model (summary + `project_id` + `rejection_feedback`).
    static func adhocModel(_ t: TicketRecord) -> AdhocTicket {
        AdhocTicket(ticket: ticketModel(t), projectId: t.projectId, rejectionFeedback: t.rejectionFeedback)
    }

    /// The discover response.
    static func discover(_ r: DiscoverResult) -> SessionDiscoverResponse {
        SessionDiscoverResponse(
            message: "Discovered \(r.discovered.count) new panes",
            discoveredSessions: r.discovered.map {
                DiscoveredSession(
                    sessionId: $0.sessionId, projectId: $0.projectId, projectName: $0.projectName,
                    paneId: $0.pane.paneId, paneTitle: $0.pane.title, command: $0.pane.command, cwd: $0.pane.cwd)
            },
            existingPanes: r.existing.map {
                ExistingPane(
                    paneId: $0.pane.paneId, sessionId: $0.sessionId, command: $0.pane.command, cwd: $0.pane.cwd)
            },
            totalPanesScanned: r.panesScanned, projectsChecked: r.projectsChecked)
    }
}
