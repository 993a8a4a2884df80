// What the network layer tells the UI, as Sendable values on an AsyncStream. The UI loop never
// touches sockets or C handles; it only reduces these events.

import ClaudePMProtocol
import ClientCore
import Foundation

/// The server state fetched over REST after every (re)connect.
public struct ServerSnapshot: Sendable, Equatable, Codable {
    /// All sessions.
    public var sessions: [Session]
    /// The latest notifications (at most 50, newest first).
    public var notifications: [NotificationItem]
    /// All projects.
    public var projects: [Project]
    /// Tickets per project id (first page of up to 100, no file rescan).
    public var tickets: [String: [Ticket]]
    /// When the first request of the snapshot went out (local clock): a live event received after
    /// it may be newer than what the snapshot says, and wins (nil in old cache files).
    public var requestedAt: Date?
    /// The records the server sent that did not decode and were left out, one line each naming
    /// the record (`session #2 (5eed0001): bad status`); not written to the cache.
    public var skipped: [String] = []

    private enum CodingKeys: String, CodingKey {
        case sessions, notifications, projects, tickets, requestedAt
    }

    /// Creates a snapshot.
    public init(
        sessions: [Session], notifications: [NotificationItem], projects: [Project], tickets: [String: [Ticket]],
        requestedAt: Date? = nil
    ) {
        self.requestedAt = requestedAt
        self.sessions = sessions
        self.notifications = notifications
        self.projects = projects
        self.tickets = tickets
    }
}

/// One event from a server's event socket.
public enum ClientEvent: Sendable {
    /// The connection status changed.
    case status(server: String, ConnectionStatus)
    /// A new ping round-trip measurement.
    case roundTrip(server: String, RoundTrip)
    /// The server's clock minus ours, in seconds, estimated from pongs (ClockOffsetEstimator);
    /// sent when it is first known and when it moves by half a second or more.
    case clockOffset(server: String, seconds: Double)
    /// Why the link went down (a few words: "certificate changed", "refused", "timeout", "no
    /// answer"); sent before the `.status` it explains. The full text is in the log.
    case offlineReason(server: String, String)
    /// A heartbeat is late: nothing heard for `silentFor` (when reported); nil: heard again.
    case late(server: String, silentFor: Duration?)
    /// A message from the server (already decoded on the socket's task).
    case message(server: String, ServerMessage)
    /// A frame's text exactly as the server sent it, before `message` (only from a socket made
    /// with `rawFrames`: `claudepm watch --json` prints frames without re-encoding them).
    case rawFrame(server: String, text: String)
    /// Records of a list the server sent that did not decode and were left out (one line each,
    /// naming the record); sent before the `.resynced` whose snapshot lacks them.
    case recordsSkipped(server: String, [String])
    /// Whether the server streams panes (`RESTClient.streamsPanes`), asked after every
    /// (re)connect by a socket made with `skipsSessionOutput`; sent before that connect's
    /// `.resynced`.
    case streamSupport(server: String, paneStreams: Bool)
    /// The REST resync after a (re)connect finished.
    case resynced(server: String, ServerSnapshot)
    /// Something failed that the user should see (resync failure, rejected key, bad frame).
    case failure(server: String, ClientNetworkError)
}
