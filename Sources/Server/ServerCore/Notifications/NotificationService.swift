// Notifications: persisted rows plus a `notification` broadcast on every create or upsert. The
// upsert key is the session (waiting input) or the ticket (review events), as upstream.
import Foundation
import GRDB

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
    public func list() throws -> [NotificationView] {
        try store.db.read { db in
            let rows = try NotificationRecord.filter(Self.listedTypes.contains(Column("type")))
                .order(Column("created_at").desc, Column("rowid").desc).limit(50).fetchAll(db)
            return try rows.map { n in
                let s = try n.sessionId.flatMap { try SessionRecord.fetchOne(db, key: $0) }
                let t = try n.ticketId.flatMap { try TicketRecord.fetchOne(db, key: $0) }
                return NotificationView(notification: n, session: s, ticket: t)
            }
        }
    }

    /// The number of listed notifications.
    public func count() throws -> Int {
        try store.db.read { try NotificationRecord.filter(Self.listedTypes.contains(Column("type"))).fetchCount($0) }
    }

    /// Deletes one notification; false if it did not exist.
    public func delete(_ id: String) throws -> Bool {
        try store.db.write { try NotificationRecord.deleteOne($0, key: id) }
    }

    /// Deletes every listed notification; returns how many.
    public func deleteAll() throws -> Int {
        try store.db.write { try NotificationRecord.filter(Self.listedTypes.contains(Column("type"))).deleteAll($0) }
    }

    /// Creates or overwrites the notification keyed by `sessionId` (or `ticketId`), then broadcasts it.
    @discardableResult
    public func upsert(
        type: String, message: String, sessionId: String?, ticketId: String?
    ) throws
        -> NotificationRecord
    {
        let now = clock.now()
        let record = try store.db.write { db -> NotificationRecord in
            var request = NotificationRecord.all()
            if let sessionId { request = request.filter(Column("session_id") == sessionId) }
            if sessionId == nil, let ticketId { request = request.filter(Column("ticket_id") == ticketId) }
            var row =
                (sessionId ?? ticketId) == nil ? nil : try request.fetchOne(db)
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
            try r.save(db)
            return r
        }
        bus.publish(.notification(id: record.id, title: record.title, body: record.message, at: now))
        return record
    }

    /// Removes a session's waiting-input notifications (no broadcast, as upstream).
    public func clearWaiting(sessionId: String) throws {
        _ = try store.db.write {
            try NotificationRecord.filter(Column("session_id") == sessionId && Column("type") == "waiting_input")
                .deleteAll($0)
        }
    }

    /// Removes a ticket's notifications, optionally only of one type.
    public func clear(ticketId: String, type: String? = nil) throws {
        _ = try store.db.write { db in
            var request = NotificationRecord.filter(Column("ticket_id") == ticketId)
            if let type { request = request.filter(Column("type") == type) }
            return try request.deleteAll(db)
        }
    }
}
