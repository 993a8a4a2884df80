// The whole client state that `reduce` changes and the views draw. Plain values only, so a test
// can build any situation in a few lines and compare states with `==`.

import Foundation

/// The main page the client shows (overlays are drawn over it).
public enum MainPage: Hashable, Sendable {
    /// Session list and the wall of tiles (home).
    case sessions
    /// Full-screen interactive attach.
    case attached(SessionKey)
    /// The ticket board.
    case board
}

/// A panel drawn over the current page that takes the keys while open.
public enum Overlay: Hashable, Sendable {
    /// The keys of the current view, scrolled `offset` lines down.
    case help(offset: Int)
    /// The notification list, with the focused row.
    case notifications(cursor: Int)
    /// "Quit? y/n" (something is attached).
    case confirmQuit
    /// "<question> y/n" before a board action the server carries out at once (approve, start a
    /// session, move): `y` runs `effect`, any other key cancels.
    case confirmAction(question: String, effect: NetworkEffect)
    /// The `:` command line with what was typed so far.
    case palette(String)
    /// A read-only text pager (ticket content).
    case pager(title: String, lines: [String], offset: Int)
    /// The reject-feedback editor for a ticket.
    case rejectFeedback(ticketID: String, text: String)
    /// The project picker, with the focused row.
    case projectPicker(cursor: Int)
    /// The answer box for a prompt that is not a permission prompt (y/n on a question banner).
    case answer(AnswerBox)
    /// The search across every session's scrollback (`AppState+Find`).
    case find(FindState)
}

/// Scrollback browsing inside a full-screen attach (copy mode).
public struct ScrollbackState: Hashable, Sendable {
    /// Lines scrolled up from the live bottom.
    public var offset: Int
    /// The search text ("" when none).
    public var query: String
    /// True while the search text is being typed after `/`.
    public var editing: Bool
    /// Which match to show: 0 is the newest, counting backwards in history; `n` increments.
    public var match: Int

    /// Creates a scrollback state.
    public init(offset: Int = 0, query: String = "", editing: Bool = false, match: Int = 0) {
        self.offset = offset
        self.query = query
        self.editing = editing
        self.match = match
    }
}

/// What the runtime reported about one session's terminal stream.
public struct StreamState: Equatable, Sendable {
    /// The connection state.
    public var status: PTYStatus
    /// The latest transient problem, until the stream is attached again.
    public var notice: String?
    /// Set while the stream's pong is late: when it was last heard from.
    public var lastContact: Date?
    /// Bytes typed and held, unsent, while the link is in doubt or down.
    public var pendingInput = 0
    /// Bytes typed that were discarded, unsent (typed while the link was down or in doubt), since
    /// the report was last cleared; the report outlives the stream's own status changes.
    public var discardedInput = 0
    /// Bytes typed just before the link dropped that were never confirmed, since the report was
    /// last cleared.
    public var unconfirmedInput = 0
    /// When lost keys were last reported (monotonic), nil when none are.
    public var lossReportedAt: MonotonicTime?
    /// The pane's own size, from the latest snapshot of a pane stream (nil: none yet).
    public var paneSize: GridSize?

    /// Creates a stream state.
    public init(status: PTYStatus, notice: String? = nil) {
        self.status = status
        self.notice = notice
    }
}

/// Keys typed into a terminal that were lost, or may have been.
public enum LostInput: Equatable, Sendable {
    /// This many bytes were discarded, never sent.
    case discarded(Int)
    /// This many bytes went out just before the link dropped, never confirmed.
    case unconfirmed(Int)
}

/// The client state.
public struct AppState: Equatable, Sendable {
    /// UI options from the configuration.
    public var ui: UIOptions
    /// The current time, advanced by `.tick` events.
    public var now: Date
    /// The current monotonic time, advanced by `.tick` events (banner timing, snoozes).
    public var clock: MonotonicTime
    /// The terminal size.
    public var size: GridSize
    /// Whether the outer terminal has focus, as the last focus report said (true until one came).
    public var focused = true
    /// True once the outer terminal sent a focus report. Until then focus is unknown (tmux with
    /// `focus-events off` never sends one), and alerts treat the client as unfocused.
    public var focusReported = false
    /// Ring the outer terminal even while focused.
    public var alertWhenFocused = false
    /// Servers in configuration order.
    public var servers: [ServerStatus]
    /// The servers the UI only watches (`--read-only`, `read_only = true`): nothing that changes
    /// them is sent (`AppState+ReadOnly`).
    public var readOnlyServers: Set<String> = []
    /// Sessions by key, in display order (`SessionTable`).
    public var sessions: SessionTable
    /// The session list's `/` filter.
    public var filter = SessionFilter()
    /// The main page.
    public var page: MainPage = .sessions
    /// An overlay, if open.
    public var overlay: Overlay?
    /// The selected session in the list and wall.
    public var selection: SessionKey?
    /// The page a full-screen attach was opened from (the board after `v`), where detaching
    /// returns.
    public var attachedFrom: MainPage?
    /// The zoomed tile, if any.
    public var zoomed: SessionKey?
    /// The selected tile's window, moved by the user (nil: where the tile puts it).
    public var tilePan: TilePan?
    /// Notifications, unread counts and the banner (ClientCore's `NotificationManager` policy).
    public var notifications: NotificationManager
    /// Triage bookkeeping.
    public var triage = TriageState()
    /// The answers sent to prompts and what y/n would answer (`AppState+Answers`).
    public var answers = AnswerLedger()
    /// The board.
    public var board = BoardState()
    /// Scrollback browsing in attach, nil when live.
    public var scrollback: ScrollbackState?
    /// Rewinding a session (its past screens, drawn over the page), nil when live.
    public var rewind: RewindState?
    /// When the user last looked at each session (rewind's `'`).
    public var looked = LookedState()
    /// The first key of a two-key sequence (`g`), if pending.
    public var pendingKey: AppKey?
    /// Sessions with an open read-only tile stream (on servers that stream panes).
    public var watched: Set<SessionKey> = []
    /// Sessions whose tiles are drawn from `session:output` pictures (on servers without pane
    /// streams, `ServerStatus.paneStreams == false`); never attached ones.
    public var pictured: Set<SessionKey> = []
    /// When the picture each pictured tile shows last changed (none until one arrived).
    public var pictureChanged: [SessionKey: Date] = [:]
    /// The terminal streams' states and latest notices, by session (open streams only).
    public var streams: [SessionKey: StreamState] = [:]
    /// A short message for the status line (errors, confirmations).
    public var flash: String?
    /// When live status and ticket-state events were received, for the ordering rule of lists.
    public var liveHeard = LiveHeard()
    /// When the session lists are fetched again (every `ui.sessionRefreshSeconds`), nil until the
    /// first tick after start or a reconnect.
    public var nextSessionRefresh: MonotonicTime?
    /// Set once `.quit` has been emitted.
    public var isQuitting = false

    /// Creates a state for `servers` with `ui` options at `now` (wall) and `clock` (monotonic).
    public init(servers: [String], ui: UIOptions = .default, now: Date, clock: MonotonicTime = .zero, size: GridSize) {
        self.servers = servers.map { ServerStatus(name: $0) }
        self.sessions = SessionTable(servers: servers)
        self.ui = ui
        self.now = now
        self.clock = clock
        self.size = size
        var configuration = NotificationManager.Configuration()
        configuration.bannersEnabled = ui.notifyMode != .off
        self.notifications = NotificationManager(configuration: configuration)
    }

    /// The unread notification count.
    public var unreadCount: Int { notifications.unreadCount }

    /// The banner on screen, if any.
    public var banner: Banner? { notifications.banner }

    /// The attached session, if the page is a full-screen attach.
    public var attachedSession: SessionKey? {
        if case .attached(let key) = page { return key }
        return nil
    }

    /// The status of `server`, if configured.
    public func server(_ name: String) -> ServerStatus? { servers.first { $0.name == name } }
}
