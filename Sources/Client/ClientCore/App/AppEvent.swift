import ClaudePMProtocol
import Foundation

/// Facts that reach `reduce`: keys, sizes, time, and what servers said.
public enum AppEvent: Equatable, Sendable {
    /// A key or mouse event.
    case key(AppKey)
    /// The terminal was resized.
    case resized(GridSize)
    /// Time passed: the wall clock (for what is shown) and a monotonic clock (for banner timing,
    /// rate limits and snoozes). The runtime ticks about once a second while something on screen
    /// depends on time, and whenever a timer of the model is due.
    case tick(Date, MonotonicTime)
    /// The outer terminal gained or lost focus.
    case focusChanged(Bool)
    /// A server's connection changed.
    case serverLink(server: String, link: ServerLink)
    /// Why a server's link went down ("certificate changed", "refused", "timeout", "no answer").
    case serverProblem(server: String, String)
    /// A server's heartbeat is late (last heard at `lastContact`), or on time again (nil).
    case serverLate(server: String, lastContact: Date?)
    /// A round trip to a server was measured.
    case roundTrip(server: String, milliseconds: Int)
    /// The server's clock minus ours, in seconds (from pongs): server timestamps are shifted by
    /// it before ages and waiting times are computed.
    case serverClock(server: String, offsetSeconds: Double)
    /// The full session list of one server (replaces that server's sessions). `requestedAt` is when
    /// the request went out: a live `session:status` received after it wins over the list.
    case sessionsLoaded(server: String, sessions: [AppSession], requestedAt: Date? = nil)
    /// One session changed (or appeared).
    case sessionUpdated(AppSession)
    /// A message from a server's event socket, received at `receivedAt` (session status and
    /// waiting, context, ticket moves, notifications, reviews, errors).
    case message(server: String, ServerMessage, receivedAt: Date)
    /// A server's notification list (`GET /api/notifications`); `resync` when it was fetched
    /// after a (re)connect, so it also tells which sessions wait now.
    case notificationsLoaded(server: String, items: [NotificationItem], resync: Bool)
    /// The projects of one server.
    case projectsLoaded(server: String, projects: [AppProject])
    /// The tickets of a project. `requestedAt` is when the request went out: a live
    /// `ticket:state` received after it wins over the list.
    case ticketsLoaded(project: AppProject, tickets: [AppTicket], requestedAt: Date? = nil)
    /// A ticket moved (the answer of a REST move).
    case ticketState(server: String, ticketID: String, state: BoardColumn)
    /// A ticket's markdown, for the pager.
    case ticketContent(title: String, markdown: String)
    /// Text for the pager (`:stats`).
    case showPager(title: String, lines: [String])
    /// Whether `server` streams panes (learnt after each connect, `ServerStatus.paneStreams`):
    /// decides whether its tiles open pane streams or show `session:output` pictures.
    case serverStreams(server: String, paneStreams: Bool)
    /// A tile drawn from pictures (`AppState.pictured`) shows a new `session:output` picture, one
    /// whose lines changed at `at`.
    case pictureChanged(SessionKey, at: Date)
    /// The state of a session's terminal stream (tile or attach): shown in the status line while
    /// attached, never as a flash.
    case streamStatus(SessionKey, PTYStatus)
    /// A transient problem of a session's terminal stream (shown next to its state).
    case streamNotice(SessionKey, String)
    /// A session's terminal stream is late (last heard at `lastContact`), or on time again (nil).
    case streamLate(SessionKey, lastContact: Date?)
    /// Bytes typed into a session's terminal that are held, unsent, while its link is in doubt
    /// or down (0: none).
    case streamPending(SessionKey, bytes: Int)
    /// Keys typed into a session's terminal were lost or may have been: discarded unsent (typed
    /// while its link was down or in doubt, never replayed into a new link), or sent just before
    /// the link dropped and never confirmed.
    case streamLostInput(SessionKey, LostInput)
    /// How sending an answer to a prompt ended (confirmed, refused, a repeat, or in doubt).
    case answerEnded(PromptAnswer, PromptAnswer.Outcome)
    /// The size of the pane a session's pane stream shows (from its latest snapshot), which
    /// differs from the view where the server left the window alone (tmux's `window-size manual`).
    case streamPaneSize(SessionKey, GridSize)
    /// What the search across every session's scrollback found for the find overlay's query.
    case findResults(FindResults)
    /// An effect failed; the text is shown on the status line.
    case actionFailed(String)
    /// A session's journal summary arrived (rewind).
    case journalLoaded(SessionKey, JournalSummary)
    /// A session's screen at a past moment arrived (rewind), for the moment `askedMs`.
    case journalScreenLoaded(SessionKey, askedMs: Int64, JournalScreen)
    /// A journal request failed, in words.
    case journalFailed(SessionKey, String)
    /// Rewind's search answered.
    case journalSearched(SessionKey, JournalSearch)
    /// When the user last looked at each session, as a past run of claudepm saved it.
    case lookedLoaded([SessionKey: Date])
    /// Records a server sent that did not decode were left out (one line each, naming the
    /// record); the status line says how many and names the first.
    case recordsSkipped(server: String, [String])
    /// The server answered a ticket action (start, approve, reject, move): done, or refused with
    /// `failure` (shown; a refused move is rolled back).
    case ticketActionEnded(TicketTarget, failure: String?)
    /// The client was stopped (Ctrl-Z, SIGTSTP, a sleeping laptop) and runs again: what it shows
    /// may be old, so the session lists and notifications are fetched again.
    case resumed
}
