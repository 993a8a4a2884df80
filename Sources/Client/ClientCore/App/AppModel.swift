// The app's view of the world: sessions, tickets, notifications and servers as the screens need
// them. The runtime fills these from `ClaudePMProtocol` values; keeping them here keeps `reduce`
// and the views independent of wire details (casing, nulls, quirks).

import Foundation

/// A session's lifecycle status.
public enum AppSessionStatus: String, Hashable, Sendable, CaseIterable {
    /// Running.
    case running
    /// Paused.
    case paused
    /// Completed.
    case completed
    /// Error.
    case error
}

/// Why and since when a session waits for its user.
public struct WaitingInfo: Hashable, Sendable {
    /// The server's reason (`permission_prompt`, `question`, `idle_prompt`, …).
    public var reason: String
    /// When waiting began, on our clock (moved when the server's clock offset is estimated again).
    public var since: Date
    /// The prompt's identity (`PromptID`): `since` as first recorded, never moved, so that a
    /// better clock estimate never makes an answered prompt look like a new one.
    public let prompt: Date
    /// When waiting began on the server's clock, as the server wrote it, nil if unknown. An
    /// answer sends it (`waiting_since`), so claudepm-server never types it into a later wait.
    public private(set) var serverSince: Date?

    /// Creates waiting info.
    public init(reason: String, since: Date, serverSince: Date? = nil) {
        self.reason = reason
        self.since = since
        prompt = since
        self.serverSince = serverSince
    }

    /// The same wait with a new reason: `existing` kept (its times and identity), or a new wait
    /// since `since` when there is none or the server's times show a later wait.
    public static func continuing(
        _ existing: WaitingInfo?, reason: String, since: Date, serverSince: Date? = nil
    ) -> WaitingInfo {
        guard var kept = existing, !WaitingState.areDifferentWaits(serverSince: kept.serverSince, serverSince) else {
            return WaitingInfo(reason: reason, since: since, serverSince: serverSince)
        }
        kept.reason = reason
        if kept.serverSince == nil { kept.serverSince = serverSince }
        return kept
    }

    /// True for a permission prompt, which `y`/`n` can answer without attaching.
    public var isPermissionPrompt: Bool { reason == "permission_prompt" }

    /// A short label for a waiting reason: `permission`, `question`, `idle`, … (badges and the
    /// status line's answer targets).
    public static func label(forReason reason: String) -> String {
        switch reason {
        case "permission_prompt": "permission"
        case "idle_prompt": "idle"
        case "question": "question"
        case "context_exhausted": "context full"
        case "stopped": "stopped"
        default: "input"
        }
    }
}

/// One session row.
public struct AppSession: Hashable, Sendable {
    /// The key.
    public var key: SessionKey
    /// The project's name ("" if unknown).
    public var projectName: String
    /// Status.
    public var status: AppSessionStatus
    /// Set while the session waits for input.
    public var waiting: WaitingInfo?
    /// Context use in percent, nil when unknown (the server reports 0 and never sent context).
    public var contextPercent: Int?
    /// The ticket's id (UUID), if the session works on a ticket.
    public var ticketID: String?
    /// The ticket's key (`CSM-001`), if any.
    public var ticketKey: String?
    /// The ticket's title, if any.
    public var ticketTitle: String?
    /// The pane's command (`node`, `zsh`), if known.
    public var paneCommand: String?
    /// The pane name set by rename, if any.
    public var paneName: String?
    /// When the client last heard about this session.
    public var updatedAt: Date

    /// Creates a session row.
    public init(
        key: SessionKey, projectName: String = "", status: AppSessionStatus = .running, waiting: WaitingInfo? = nil,
        contextPercent: Int? = nil, ticketID: String? = nil, ticketKey: String? = nil, ticketTitle: String? = nil,
        paneCommand: String? = nil,
        paneName: String? = nil, updatedAt: Date
    ) {
        self.key = key
        self.projectName = projectName
        self.status = status
        self.waiting = waiting
        self.contextPercent = contextPercent
        self.ticketID = ticketID
        self.ticketKey = ticketKey
        self.ticketTitle = ticketTitle
        self.paneCommand = paneCommand
        self.paneName = paneName
        self.updatedAt = updatedAt
    }

    /// The name shown for the session: pane name, ticket title, project, or the id prefix.
    public var displayName: String {
        if let paneName, !paneName.isEmpty { return paneName }
        if let ticketTitle, !ticketTitle.isEmpty { return ticketTitle }
        if !projectName.isEmpty { return "\(projectName) session" }
        return "Session \(key.sessionId.prefix(8))"
    }

    /// True if a live terminal can be attached (a running pane).
    public var isLive: Bool { status == .running }
}

/// A server's connection state as the UI shows it.
public enum ServerLink: Hashable, Sendable {
    /// Connecting for the first time.
    case connecting
    /// Connected.
    case online
    /// Lost; reconnecting (with the reason).
    case offline(String)
}

/// One configured server.
public struct ServerStatus: Hashable, Sendable {
    /// The configured name.
    public var name: String
    /// Connection state.
    public var link: ServerLink
    /// When the server last sent anything (nil: never).
    public var lastHeard: Date?
    /// The last measured round-trip time in milliseconds.
    public var rttMilliseconds: Int?
    /// Set while a heartbeat is late: when the server was last heard from. The link is in doubt
    /// (not yet declared down), so its data is shown as stale.
    public var lastContact: Date?
    /// Why the link last went down, until it is up again.
    public var problem: String?
    /// How many times the link came up (more than once: it was lost and re-established).
    public var timesOnline = 0
    /// Whether the server streams panes (claudepm-server's extension, docs/compatibility.md):
    /// nil until the network layer has asked (after each connect; `.serverStreams`), false for a
    /// server that answers every `pty:attach` with a tmux client (the upstream server). Tiles of
    /// such a server are pictures from its `session:output` snapshots and never open a stream;
    /// tiles of a server not asked yet wait.
    public var paneStreams: Bool?
    /// Whether the current link pushes session-list changes (`sessions:pushing`, claudepm-server's
    /// extension): its list is then fetched on each `sessions:changed`, never on a timer.
    public var pushesSessions = false
    /// A `sessions:changed` came before the link was online (during its resync): the list is
    /// fetched again once it is.
    public var listChangedBeforeOnline = false

    /// Creates a server status.
    public init(name: String, link: ServerLink = .connecting, lastHeard: Date? = nil, rttMilliseconds: Int? = nil) {
        self.name = name
        self.link = link
        self.lastHeard = lastHeard
        self.rttMilliseconds = rttMilliseconds
    }

    /// True when the data from this server may be out of date (offline, or a heartbeat is late).
    public var isStale: Bool { link != .online || lastContact != nil }
}
