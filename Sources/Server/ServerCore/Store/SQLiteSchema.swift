// The SQLite schema as GRDB migrations (v1: the tables; v2: sessions.transcript_path for hook
// mapping; v3: the owning host of sessions and projects). PostgresSchema in ServerPostgres has the
// same migrations, by the same names, in PostgreSQL's dialect.
import Foundation
import GRDB

/// The SQLite migrations.
enum SQLiteSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try createProjects(db)
            try createTickets(db)
            try createSessions(db)
            try createNotifications(db)
            try createHistory(db)
        }
        migrator.registerMigration("v2") { db in
            try db.alter(table: "sessions") { t in t.add(column: "transcript_path", .text) }
        }
        migrator.registerMigration("v3") { db in
            try db.alter(table: "sessions") { t in t.add(column: "host", .text).notNull().defaults(to: "") }
            try db.alter(table: "projects") { t in t.add(column: "host", .text).notNull().defaults(to: "") }
            try db.create(index: "sessions_on_host", on: "sessions", columns: ["host", "status"])
        }
        return migrator
    }

    private static func createProjects(_ db: Database) throws {
        try db.create(table: "projects") { t in
            t.primaryKey("id", .text)
            t.column("name", .text).notNull()
            t.column("repo_path", .text).notNull().unique()
            t.column("tickets_path", .text).notNull()
            t.column("handoff_path", .text).notNull()
            t.column("tmux_session", .text).notNull()
            t.column("tmux_window", .text)
            t.column("command", .text)
            t.column("created_at", .datetime).notNull()
            t.column("updated_at", .datetime).notNull()
        }
    }

    private static func createTickets(_ db: Database) throws {
        try db.create(table: "tickets") { t in
            t.primaryKey("id", .text)
            t.column("project_id", .text).notNull().indexed().references("projects", onDelete: .cascade)
            t.column("external_id", .text)
            t.column("title", .text).notNull()
            t.column("state", .text).notNull()
            t.column("file_path", .text).notNull()
            t.column("is_adhoc", .boolean).notNull()
            t.column("is_explore", .boolean).notNull()
            t.column("rejection_feedback", .text)
            t.column("started_at", .datetime)
            t.column("completed_at", .datetime)
            t.column("created_at", .datetime).notNull()
            t.column("updated_at", .datetime).notNull()
        }
    }

    private static func createSessions(_ db: Database) throws {
        try db.create(table: "sessions") { t in
            t.primaryKey("id", .text)
            t.column("project_id", .text).notNull().indexed().references("projects", onDelete: .cascade)
            t.column("ticket_id", .text).indexed().references("tickets", onDelete: .setNull)
            t.column("type", .text).notNull()
            t.column("status", .text).notNull()
            t.column("source", .text).notNull()
            t.column("context_percent", .integer).notNull()
            t.column("pane_id", .text).notNull()
            t.column("pane_name", .text)
            t.column("claude_session_id", .text)
            t.column("started_at", .datetime)
            t.column("ended_at", .datetime)
            t.column("created_at", .datetime).notNull()
            t.column("updated_at", .datetime).notNull()
        }
    }

    private static func createNotifications(_ db: Database) throws {
        try db.create(table: "notifications") { t in
            t.primaryKey("id", .text)
            t.column("type", .text).notNull()
            t.column("message", .text).notNull()
            t.column("session_id", .text).indexed().references("sessions", onDelete: .cascade)
            t.column("ticket_id", .text).indexed().references("tickets", onDelete: .cascade)
            t.column("read", .boolean).notNull()
            t.column("created_at", .datetime).notNull()
        }
    }

    private static func createHistory(_ db: Database) throws {
        try db.create(table: "ticket_history") { t in
            t.primaryKey("id", .text)
            t.column("ticket_id", .text).notNull().indexed().references("tickets", onDelete: .cascade)
            t.column("from_state", .text).notNull()
            t.column("to_state", .text).notNull()
            t.column("trigger", .text).notNull()
            t.column("reason", .text).notNull()
            t.column("feedback", .text)
            t.column("triggered_by", .text)
            t.column("created_at", .datetime).notNull()
        }
    }
}
