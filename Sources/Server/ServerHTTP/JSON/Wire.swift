// ServerCore records → the shared ClaudePMProtocol REST models (snake_case keys, key order, nulls
// and dates are the models' business; HTTPResponses.encoded writes them with ClaudePMJSONEncoder).
import ClaudePMProtocol
import Foundation
import ServerCore

/// Builds the REST response models.
enum Wire {
    static func project(_ p: ProjectRecord) -> Project {
        Project(
            id: p.id, name: p.name, repoPath: p.repoPath, ticketsPath: p.ticketsPath, handoffPath: p.handoffPath,
            tmuxSession: p.tmuxSession, tmuxWindow: p.tmuxWindow, createdAt: p.createdAt, updatedAt: p.updatedAt)
    }

    static func projectDetail(_ d: ProjectRecordDetail) -> ClaudePMProtocol.ProjectDetail {
        let c = d.ticketCounts
        let counts = TicketCounts(
            backlog: c["backlog"] ?? 0, inProgress: c["in_progress"] ?? 0, review: c["review"] ?? 0,
            done: c["done"] ?? 0)
        let active = d.activeSession.map {
            ActiveSession(
                id: $0.id, status: SessionStatus(rawValue: $0.status), contextPercent: $0.contextPercent,
                startedAt: $0.startedAt)
        }
        return ClaudePMProtocol.ProjectDetail(project: project(d.project), ticketCounts: counts, activeSession: active)
    }

    static func page<T, M>(_ page: Page<T>, _ map: (T) -> M) -> Paginated<M> {
        Paginated(
            data: page.items.map(map),
            pagination: Pagination(page: page.page, limit: page.limit, total: page.total, totalPages: page.totalPages))
    }

    /// The session as created (no `project`/`ticket` keys, no live pane facts).
    static func session(_ s: SessionRecord) -> Session {
        session(s, paneCommand: nil, paneCwd: nil, project: nil, ticket: nil, refs: false)
    }

    /// The session as listed and got: live pane facts and the `project`/`ticket` references.
    static func sessionView(_ v: SessionView) -> Session {
        let project = v.projectName.map { SessionProjectRef(id: v.session.projectId, name: $0) }
        let ticket = v.ticket.map { SessionTicketRef(id: $0.id, externalId: $0.externalId, title: $0.title) }
        return session(
            v.session, paneCommand: v.paneCommand, paneCwd: v.paneCwd, project: project, ticket: ticket, refs: true)
    }

    private static func session(
        _ s: SessionRecord, paneCommand: String?, paneCwd: String?, project: SessionProjectRef?,
        ticket: SessionTicketRef?, refs: Bool
    ) -> Session {
        Session(
            id: s.id, projectId: s.projectId, ticketId: s.ticketId, type: SessionType(rawValue: s.type),
            status: SessionStatus(rawValue: s.status), source: SessionSource(rawValue: s.source),
            contextPercent: s.contextPercent, paneId: s.paneId, paneName: s.paneName, paneCommand: paneCommand,
            paneCwd: paneCwd, startedAt: s.startedAt, endedAt: s.endedAt, createdAt: s.createdAt,
            updatedAt: s.updatedAt,
            project: project, ticket: ticket, includesRefs: refs)
    }

    static func ticket(_ t: TicketRecord) -> Ticket {
        Ticket(
            id: t.id, externalId: t.externalId, title: t.title, state: TicketState(rawValue: t.state),
            filePath: t.filePath, prefix: t.prefix, isAdhoc: t.isAdhoc, isExplore: t.isExplore, startedAt: t.startedAt,
            completedAt: t.completedAt, createdAt: t.createdAt, updatedAt: t.updatedAt)
    }

    /// The adhoc router's ticket (summary + `project_id` + `rejection_feedback`).
    static func adhocTicket(_ t: TicketRecord) -> AdhocTicket {
        AdhocTicket(ticket: ticket(t), projectId: t.projectId, rejectionFeedback: t.rejectionFeedback)
    }

    static func startedSession(_ s: SessionRecord) -> StartedSession {
        StartedSession(
            id: s.id, projectId: s.projectId, ticketId: s.ticketId, type: SessionType(rawValue: s.type),
            status: SessionStatus(rawValue: s.status), paneId: s.paneId, startedAt: s.startedAt, createdAt: s.createdAt)
    }

    static func transition(_ t: TicketTransition) -> TransitionResult {
        TransitionResult(
            ticketId: t.ticketId, fromState: TicketState(rawValue: t.fromState),
            toState: TicketState(rawValue: t.toState),
            trigger: TransitionTrigger(rawValue: t.trigger), reason: TransitionReason(rawValue: t.reason),
            timestamp: t.at, historyEntryId: t.historyId)
    }

    static func history(_ h: TicketHistoryRecord) -> TicketHistoryEntry {
        TicketHistoryEntry(
            id: h.id, ticketId: h.ticketId, fromState: TicketState(rawValue: h.fromState),
            toState: TicketState(rawValue: h.toState), trigger: TransitionTrigger(rawValue: h.trigger),
            reason: TransitionReason(rawValue: h.reason), createdAt: h.createdAt,
            feedback: h.feedback.flatMap { $0.isEmpty ? nil : $0 },
            triggeredBy: h.triggeredBy.flatMap { $0.isEmpty ? nil : $0 })
    }

    static func notification(_ v: NotificationView) -> NotificationItem {
        let n = v.notification
        return NotificationItem(
            id: n.id, type: NotificationType(rawValue: n.type), message: n.message, createdAt: n.createdAt,
            session: v.session.map {
                NotificationSessionRef(
                    id: $0.id, type: SessionType(rawValue: $0.type), status: SessionStatus(rawValue: $0.status))
            },
            ticket: v.ticket.map { SessionTicketRef(id: $0.id, externalId: $0.externalId, title: $0.title) })
    }
}
