import Foundation

/// Facts that reach `reduce`: keys, sizes, time, and what servers said (already converted).
public enum AppEvent: Hashable, Sendable {
    /// A key or mouse event.
    case key(AppKey)
    /// The terminal was resized.
    case resized(GridSize)
    /// Time passed (the runtime ticks about once a second).
    case tick(Date)
    /// The outer terminal gained or lost focus.
    case focusChanged(Bool)
    /// A server's connection changed.
    case serverLink(server: String, link: ServerLink)
    /// A round trip to a server was measured.
    case roundTrip(server: String, milliseconds: Int)
    /// The full session list of one server (replaces that server's sessions).
    case sessionsLoaded(server: String, sessions: [AppSession])
    /// One session changed (or appeared).
    case sessionUpdated(AppSession)
    /// `session:status`.
    case sessionStatus(SessionKey, AppSessionStatus)
    /// `session:waiting`.
    case sessionWaiting(SessionKey, waiting: Bool, reason: String)
    /// `session:context`.
    case sessionContext(SessionKey, percent: Int)
    /// A notification arrived (`notification` on the event socket).
    case notificationReceived(AppNotification)
    /// The notification list of one server (`GET /api/notifications`).
    case notificationsLoaded(server: String, items: [AppNotification])
    /// The projects of one server.
    case projectsLoaded(server: String, projects: [AppProject])
    /// The tickets of a project.
    case ticketsLoaded(project: AppProject, tickets: [AppTicket])
    /// `ticket:state`.
    case ticketState(server: String, ticketID: String, state: BoardColumn)
    /// A ticket's markdown, for the pager.
    case ticketContent(title: String, markdown: String)
    /// An effect failed; the text is shown on the status line.
    case actionFailed(String)
}
