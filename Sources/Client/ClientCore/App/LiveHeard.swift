// The last live `session:status` and `ticket:state` of each session and ticket: when it arrived
// and what it said. The ordering rule of AppState+Ordering needs both: the time tells a list
// older than the event, and the value is what such a list must show, also for a session or
// ticket the client had not listed yet when the event came.
import Foundation

/// Live state events, by session and by ticket.
public struct LiveHeard: Hashable, Sendable {
    /// One live event: when it arrived and the state it gave.
    public struct Heard<Value: Hashable & Sendable>: Hashable, Sendable {
        /// When it was received.
        public var at: Date
        /// The state it gave.
        public var value: Value
    }

    /// The last `session:status` of each session.
    public var sessions: [SessionKey: Heard<AppSessionStatus>] = [:]
    /// The last `ticket:state` of each ticket.
    public var tickets: [TicketTarget: Heard<BoardColumn>] = [:]

    /// Nothing heard yet.
    public init() {}
}
