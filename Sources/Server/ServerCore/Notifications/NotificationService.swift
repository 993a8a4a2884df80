// Notifications: persisted rows plus a `notification` broadcast on every create or upsert. The
// upsert key is the session (waiting input) or the ticket (review events), as upstream.
import Foundation

/// A notification joined with its session and ticket, for the list endpoint.
public struct NotificationView: Sendable, Equatable {
    public var notification: NotificationRecord
    public var session: SessionRecord?
    public var ticket: TicketRecord?
}

/// Creates, lists and deletes notifications.
public final class NotificationService: Sendable {
    /// The types the list, count and delete-all endpoints consider.
    public static let listedTypes = ["waiting_input", "review_ready", "error", "context_low"]
    static let listedCondition = "type IN ('waiting_input', 'review_ready', 'error', 'context_low')"
    let store: Store
    let bus: EventBus
    let clock: ServerClock

    /// A notification service.
    public init(store: Store, bus: EventBus, clock: ServerClock) {
        self.store = store
        self.bus = bus
        self.clock = clock
    }

    /// The newest 50 listed notifications with their session and ticket.
    public func list() async throws -> [NotificationView] {
        try await store.read { db in
            let rows = try db.allReadable(
                NotificationRecord.self, where: Self.listedCondition,
                orderBy: "created_at DESC, \(db.dialect.sequence) DESC",
                limit: 50, reporting: self.store.unreadable)
            // A session or ticket row that cannot be read leaves its reference out, not the list.
            return rows.map { n in
                let s = n.sessionId.flatMap { id in (try? db.find(SessionRecord.self, id: id)) ?? nil }
                let t = n.ticketId.flatMap { id in (try? db.find(TicketRecord.self, id: id)) ?? nil }
                return NotificationView(notification: n, session: s, ticket: t)
            }
        }
    }

    /// The number of listed notifications.
    public func count() async throws -> Int {
        try await store.read { try $0.count(NotificationRecord.self, where: Self.listedCondition) }
    }

    /// Deletes one notification; false if it did not exist.
    public func delete(_ id: String) async throws -> Bool {
        try await store.write { try $0.delete(NotificationRecord.self, id: id) }
    }

    /// Deletes every listed notification; returns how many.
    public func deleteAll() async throws -> Int {
        try await store.write { try $0.deleteAll(NotificationRecord.self, where: Self.listedCondition) }
    }

    /// Creates or overwrites the notification keyed by `sessionId` (or `ticketId`), then broadcasts it.
    /// It is dated `at` when given (a waiting notification carries the time of its wait's edge).
    @discardableResult
    public func upsert(
        type: String, message: String, sessionId: String?, ticketId: String?, at date: Date? = nil
    ) async throws
        -> NotificationRecord
    {
        let now = date ?? clock.now()
        let record = try await store.write { db -> NotificationRecord in
            var row: NotificationRecord?
            if let sessionId {
                row = try db.first(NotificationRecord.self, where: "session_id = ?", [.text(sessionId)])
            } else if let ticketId {
                row = try db.first(NotificationRecord.self, where: "ticket_id = ?", [.text(ticketId)])
            }
            if row == nil {
                row = NotificationRecord(
                    id: UUID().uuidString.lowercased(), type: type, message: message, sessionId: sessionId,
                    ticketId: ticketId, read: false, createdAt: now)
            }
            guard var r = row else { throw ServerError.internalError("notification") }
            r.type = type
            r.message = message
            r.read = false
            r.createdAt = now
            try db.save(r)
            return r
        }
        bus.publish(.notification(id: record.id, title: record.title, body: record.message, at: now))
        return record
    }

    /// Removes a session's waiting-input notifications (no broadcast, as upstream).
    public func clearWaiting(sessionId: String) async throws {
        try await store.write {
            try $0.deleteAll(
                NotificationRecord.self, where: "session_id = ? AND type = 'waiting_input'", [.text(sessionId)])
        }
    }

    /// Removes a ticket's notifications, optionally only of one type.
    public func clear(ticketId: String, type: String? = nil) async throws {
        try await store.write { db in
            if let type {
                try db.deleteAll(
                    NotificationRecord.self, where: "ticket_id = ? AND type = ?", [.text(ticketId), .text(type)])
            } else {
                try db.deleteAll(NotificationRecord.self, where: "ticket_id = ?", [.text(ticketId)])
            }
        }
    }
}
