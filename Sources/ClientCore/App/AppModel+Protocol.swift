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
        let status: AppSessionStatus
        switch session.status {
        case .running: status = .running
        case .completed: status = .completed
        case .error: status = .error
        case .paused, .other: status = .paused
        }
        self.init(
            key: SessionKey(server: server, sessionId: session.id), projectName: session.project?.name ?? "",
            status: status, waiting: waiting,
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

extension AppNotification {
    /// The app's view of a `NotificationManager` notification.
    public init(_ item: ClientNotification) {
        self.init(
            id: item.key.id, server: item.key.server, title: item.title, body: item.body, priority: item.priority,
            session: item.sessionKey, createdAt: item.createdAt, isRead: item.isRead)
    }
}

extension AppEvent {
    /// `session:waiting` with the wire's reason.
    public static func sessionWaiting(_ key: SessionKey, waiting: Bool, reason: WaitingReason) -> AppEvent {
        .sessionWaiting(key, waiting: waiting, reason: reason.rawValue)
    }
}
