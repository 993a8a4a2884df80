// Plain Codable snapshots the network layer writes to disk, so a restart (or a server that is
// down) shows the last known state, marked stale, instead of an empty screen.

import ClaudePMProtocol
import Foundation

/// The last known state of one server.
public struct CachedServerState: Equatable, Sendable, Codable {
    /// Bump when the layout changes incompatibly; readers drop snapshots of other versions.
    public static let currentVersion = 1

    /// The layout version of this snapshot.
    public var version: Int
    /// The configured server name.
    public var server: String
    /// `GET /api/sessions` as last seen.
    public var sessions: [Session]
    /// Tickets by project id, as last seen.
    public var ticketsByProject: [String: [Ticket]]
    /// Notifications with their read state.
    public var notifications: [ClientNotification]
    /// When the snapshot was taken (wall clock, for "as of …" labels).
    public var savedAt: Date

    /// Creates a snapshot.
    public init(
        server: String, sessions: [Session], ticketsByProject: [String: [Ticket]],
        notifications: [ClientNotification], savedAt: Date
    ) {
        self.version = Self.currentVersion
        self.server = server
        self.sessions = sessions
        self.ticketsByProject = ticketsByProject
        self.notifications = notifications
        self.savedAt = savedAt
    }
}

/// Where the user was, restored at the next start.
public struct UIViewState: Equatable, Sendable, Codable {
    /// The layout version of this snapshot.
    public var version: Int
    /// The last view, by name (the TUI defines the names, e.g. `wall`, `board`, `notifications`).
    public var lastView: String
    /// The selected session, if any.
    public var selectedSession: SessionKey?
    /// The server and project id shown on the board, if any.
    public var boardServer: String?
    /// The project id shown on the board, if any.
    public var boardProject: String?

    /// Creates a snapshot.
    public init(
        lastView: String, selectedSession: SessionKey? = nil, boardServer: String? = nil, boardProject: String? = nil
    ) {
        self.version = 1
        self.lastView = lastView
        self.selectedSession = selectedSession
        self.boardServer = boardServer
        self.boardProject = boardProject
    }
}
