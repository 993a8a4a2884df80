// REST shapes of the upstream server (snake_case, every documented key present, null when empty).
import Foundation
import ServerCore

/// Builds the JSON bodies of REST responses.
enum Wire {
    static func project(_ p: ProjectRecord) -> [(String, WireJSON)] {
        [
            ("id", .string(p.id)), ("name", .string(p.name)), ("repo_path", .string(p.repoPath)),
            ("tickets_path", .string(p.ticketsPath)), ("handoff_path", .string(p.handoffPath)),
            ("tmux_session", .string(p.tmuxSession)), ("tmux_window", .string(p.tmuxWindow)),
            ("created_at", .date(p.createdAt)), ("updated_at", .date(p.updatedAt)),
        ]
    }

    static func projectDetail(_ d: ProjectDetail) -> WireJSON {
        let counts: WireJSON = .object(TicketStates.all.map { ($0, .int(d.ticketCounts[$0] ?? 0)) })
        let active: WireJSON =
            d.activeSession.map { s in
                .object([
                    ("id", .string(s.id)), ("status", .string(s.status)), ("context_percent", .int(s.contextPercent)),
                    ("started_at", .date(s.startedAt)),
                ])
            } ?? .null
        return .object(project(d.project) + [("ticket_counts", counts), ("active_session", active)])
    }

    static func pagination<T>(_ page: Page<T>) -> WireJSON {
        .object([
            ("page", .int(page.page)), ("limit", .int(page.limit)), ("total", .int(page.total)),
            ("total_pages", .int(page.totalPages)),
        ])
    }

    static func session(_ s: SessionRecord, paneCommand: String? = nil, paneCwd: String? = nil) -> [(String, WireJSON)]
    {
        [
            ("id", .string(s.id)), ("project_id", .string(s.projectId)), ("ticket_id", .string(s.ticketId)),
            ("type", .string(s.type)), ("status", .string(s.status)), ("source", .string(s.source)),
            ("context_percent", .int(s.contextPercent)), ("pane_id", .string(s.paneId)),
            ("pane_name", .string(s.paneName)), ("pane_command", .string(paneCommand)),
            ("pane_cwd", .string(paneCwd)), ("started_at", .date(s.startedAt)), ("ended_at", .date(s.endedAt)),
            ("created_at", .date(s.createdAt)), ("updated_at", .date(s.updatedAt)),
        ]
    }

    static func sessionView(_ v: SessionView) -> WireJSON {
        let project: WireJSON =
            v.projectName.map { .object([("id", .string(v.session.projectId)), ("name", .string($0))]) } ?? .null
        let ticket: WireJSON =
            v.ticket.map { t in
                .object([("id", .string(t.id)), ("external_id", .string(t.externalId)), ("title", .string(t.title))])
            } ?? .null
        return .object(
            session(v.session, paneCommand: v.paneCommand, paneCwd: v.paneCwd) + [
                ("project", project), ("ticket", ticket),
            ]
        )
    }

    static func ticket(_ t: TicketRecord) -> [(String, WireJSON)] {
        [
            ("id", .string(t.id)), ("external_id", .string(t.externalId)), ("title", .string(t.title)),
            ("state", .string(t.state)), ("file_path", .string(t.filePath)), ("prefix", .string(t.prefix)),
            ("is_adhoc", .bool(t.isAdhoc)), ("is_explore", .bool(t.isExplore)), ("started_at", .date(t.startedAt)),
            ("completed_at", .date(t.completedAt)), ("created_at", .date(t.createdAt)),
            ("updated_at", .date(t.updatedAt)),
        ]
    }

    static func adhocTicket(_ t: TicketRecord) -> WireJSON {
        .object(
            ticket(t) + [("project_id", .string(t.projectId)), ("rejection_feedback", .string(t.rejectionFeedback))])
    }

    static func transition(_ t: TicketTransition) -> WireJSON {
        .object([
            ("ticket_id", .string(t.ticketId)), ("from_state", .string(t.fromState)), ("to_state", .string(t.toState)),
            ("trigger", .string(t.trigger)), ("reason", .string(t.reason)), ("timestamp", .date(t.at)),
            ("history_entry_id", .string(t.historyId)),
        ])
    }

    static func history(_ h: TicketHistoryRecord) -> WireJSON {
        var pairs: [(String, WireJSON)] = [
            ("id", .string(h.id)), ("ticket_id", .string(h.ticketId)), ("from_state", .string(h.fromState)),
            ("to_state", .string(h.toState)), ("trigger", .string(h.trigger)), ("reason", .string(h.reason)),
            ("created_at", .date(h.createdAt)),
        ]
        if let f = h.feedback, !f.isEmpty { pairs.append(("feedback", .string(f))) }
        if let by = h.triggeredBy, !by.isEmpty { pairs.append(("triggered_by", .string(by))) }
        return .object(pairs)
    }

    static func notification(_ v: NotificationView) -> WireJSON {
        let session: WireJSON =
            v.session.map {
                .object([("id", .string($0.id)), ("type", .string($0.type)), ("status", .string($0.status))])
            }
            ?? .null
        let ticket: WireJSON =
            v.ticket.map {
                .object([("id", .string($0.id)), ("external_id", .string($0.externalId)), ("title", .string($0.title))])
            } ?? .null
        let n = v.notification
        return .object([
            ("id", .string(n.id)), ("type", .string(n.type)), ("message", .string(n.message)),
            ("created_at", .date(n.createdAt)), ("session", session), ("ticket", ticket),
        ])
    }
}
