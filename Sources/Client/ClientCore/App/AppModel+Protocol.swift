// Conversions from wire values (`ClaudePMProtocol`) and ClientCore machines to the app model, so
// the runtime turns every server fact into an `AppEvent` in one line.

import ClaudePMProtocol
import Foundation

extension AppSession {
    /// A session row from a server's `Session`. `contextKnown` says whether this session ever
    /// reported context (`session:context`): a 0 from the server without it means "unknown"
    /// (protocol §4.3), never "0 %".
    public init(
        server: String, session: Session, waiting: WaitingInfo? = nil, contextKnown: Bool = false, receivedAt: Date
    ) {
        self.init(
            key: SessionKey(server: server, sessionId: session.id), projectName: session.project?.name ?? "",
            status: AppSessionStatus(session.status), waiting: waiting,
            contextPercent: session.contextPercent == 0 && !contextKnown ? nil : session.contextPercent,
            ticketID: session.ticketId, ticketKey: session.ticket?.externalId, ticketTitle: session.ticket?.title,
            paneCommand: session.paneCommand,
            paneName: session.paneName, updatedAt: receivedAt)
    }
}

extension BoardColumn {
    /// The column of a ticket state (unknown states go to the backlog).
    public init(_ state: TicketState) {
        switch state {
        case .inProgress: self = .inProgress
        case .review: self = .review
        case .done: self = .done
        case .backlog, .other: self = .backlog
        }
    }

    /// The wire state of this column.
    public var ticketState: TicketState {
        switch self {
        case .backlog: .backlog
        case .inProgress: .inProgress
        case .review: .review
        case .done: .done
        }
    }
}

extension AppTicket {
    /// A card from a server's `Ticket`, with its running session if any.
    public init(_ ticket: Ticket, liveSession: SessionKey? = nil) {
        self.init(
            id: ticket.id, key: ticket.externalId, title: ticket.title, state: BoardColumn(ticket.state),
            prefix: ticket.prefix, isAdhoc: ticket.isAdhoc, isExplore: ticket.isExplore, liveSession: liveSession)
    }
}

extension AppProject {
    /// A project entry from a server's `Project`.
    public init(server: String, project: Project) {
        self.init(server: server, id: project.id, name: project.name)
    }
}

extension AppSessionStatus {
    /// The app status of a wire status (paused and unknown statuses show as paused).
    public init(_ status: SessionStatus) {
        switch status {
        case .running: self = .running
        case .completed: self = .completed
        case .error: self = .error
        case .paused, .other: self = .paused
        }
    }
}

extension AppEvent {
    /// `session:waiting` from `key`'s server, sent and received at `date`.
    public static func sessionWaiting(
        _ key: SessionKey, waiting: Bool, reason: WaitingReason, at date: Date
    ) -> AppEvent {
        let payload = SessionWaitingPayload(sessionId: key.sessionId, waiting: waiting, reason: reason, timestamp: date)
        return .message(server: key.server, .sessionWaiting(payload), receivedAt: date)
    }

    /// `session:status` from `key`'s server, sent and received at `date`.
    public static func sessionStatus(
        _ key: SessionKey, from previous: SessionStatus, to status: SessionStatus, at date: Date
    ) -> AppEvent {
        let payload = SessionStatusPayload(
            sessionId: key.sessionId, previousStatus: previous, newStatus: status, timestamp: date)
        return .message(server: key.server, .sessionStatus(payload), receivedAt: date)
    }
}
