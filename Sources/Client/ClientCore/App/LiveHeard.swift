// When the last live `session:status` and `ticket:state` of each session and ticket arrived:
// the ordering rule of AppState+Ordering needs it to tell a list older than a live event.
import Foundation

/// Receive times of live state events, by session and by ticket.
public struct LiveHeard: Hashable, Sendable {
    /// The last `session:status` of each session.
    public var sessions: [SessionKey: Date] = [:]
    /// The last `ticket:state` of each ticket.
    public var tickets: [TicketTarget: Date] = [:]

    /// Nothing heard yet.
    public init() {}
}
