// The PostgreSQL schema: the migrations of ServerCore's SQLiteSchema ("v1" the tables, "v2"
// sessions.transcript_path, "v3" the owning host), by the same names and with the same columns,
// constraints and indexes, in PostgreSQL's types (TEXT, BIGINT, BOOLEAN, TIMESTAMPTZ). Each table
// also has `seq`, an identity column that orders rows by insertion (SQLDialect.postgres.sequence,
// SQLite's rowid). Several servers share the database, so v3 also makes projects unique per host
// and repository rather than per repository. Applied migrations are recorded in schema_migrations;
// each runs in a transaction of its own behind an advisory lock, so servers starting together
// apply each migration once.
import Foundation
import ServerCore

/// The PostgreSQL migrations.
public enum PostgresSchema {
    /// The advisory lock every migration transaction takes first ("claudepm" in ASCII, minus one:
    /// distinct from PostgresEngine's writer lock).
    static let migrationLockKey = 0x636C_6175_6465_706D - 1

    /// The migrations in order: their identifiers (SQLiteSchema's) and statements.
    public static let migrations: [(identifier: String, statements: [String])] = [
        ("v1", v1), ("v2", v2), ("v3", v3),
    ]

    /// The tables the migrations create, in creation order.
    public static let tables = ["projects", "tickets", "sessions", "notifications", "ticket_history"]

    /// Creates schema_migrations if needed.
    static let createMigrationsTable = """
        CREATE TABLE IF NOT EXISTS schema_migrations (
            identifier TEXT PRIMARY KEY,
            applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
        )
        """

    /// Applies `migration` on `db` (inside a transaction of its own) unless it is recorded as
    /// applied; returns whether it ran. Takes the migration lock first, so concurrent servers wait
    /// for each other and the second finds the migration recorded.
    @discardableResult
    static func apply(
        _ migration: (identifier: String, statements: [String]), on db: any StoreConnection
    ) throws
        -> Bool
    {
        _ = try db.rows("SELECT pg_advisory_xact_lock(?)", [.int(migrationLockKey)])
        try db.execute(createMigrationsTable, [])
        let applied = try db.rows(
            "SELECT identifier FROM schema_migrations WHERE identifier = ?", [.text(migration.identifier)])
        guard applied.isEmpty else { return false }
        for statement in migration.statements { try db.execute(statement, []) }
        try db.execute(
            "INSERT INTO schema_migrations (identifier, applied_at) VALUES (?, ?)",
            [.text(migration.identifier), .date(Date())])
        return true
    }

    // MARK: v1: the tables

    private static let v1 = [
        """
        CREATE TABLE projects (
            id TEXT PRIMARY KEY,
            name TEXT NOT NULL,
            repo_path TEXT NOT NULL,
            tickets_path TEXT NOT NULL,
            handoff_path TEXT NOT NULL,
            tmux_session TEXT NOT NULL,
            tmux_window TEXT,
            command TEXT,
            created_at TIMESTAMPTZ NOT NULL,
            updated_at TIMESTAMPTZ NOT NULL,
            seq BIGINT GENERATED ALWAYS AS IDENTITY,
            CONSTRAINT projects_repo_path_key UNIQUE (repo_path)
        )
        """,
        """
        CREATE TABLE tickets (
            id TEXT PRIMARY KEY,
            project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
            external_id TEXT,
            title TEXT NOT NULL,
            state TEXT NOT NULL,
            file_path TEXT NOT NULL,
            is_adhoc BOOLEAN NOT NULL,
            is_explore BOOLEAN NOT NULL,
            rejection_feedback TEXT,
            started_at TIMESTAMPTZ,
            completed_at TIMESTAMPTZ,
            created_at TIMESTAMPTZ NOT NULL,
            updated_at TIMESTAMPTZ NOT NULL,
            seq BIGINT GENERATED ALWAYS AS IDENTITY
        )
        """,
        "CREATE INDEX tickets_on_project_id ON tickets (project_id)",
        """
        CREATE TABLE sessions (
            id TEXT PRIMARY KEY,
            project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
            ticket_id TEXT REFERENCES tickets (id) ON DELETE SET NULL,
            type TEXT NOT NULL,
            status TEXT NOT NULL,
            source TEXT NOT NULL,
            context_percent BIGINT NOT NULL,
            pane_id TEXT NOT NULL,
            pane_name TEXT,
            claude_session_id TEXT,
            started_at TIMESTAMPTZ,
            ended_at TIMESTAMPTZ,
            created_at TIMESTAMPTZ NOT NULL,
            updated_at TIMESTAMPTZ NOT NULL,
            seq BIGINT GENERATED ALWAYS AS IDENTITY
        )
        """,
        "CREATE INDEX sessions_on_project_id ON sessions (project_id)",
        "CREATE INDEX sessions_on_ticket_id ON sessions (ticket_id)",
        """
        CREATE TABLE notifications (
            id TEXT PRIMARY KEY,
            type TEXT NOT NULL,
            message TEXT NOT NULL,
            session_id TEXT REFERENCES sessions (id) ON DELETE CASCADE,
            ticket_id TEXT REFERENCES tickets (id) ON DELETE CASCADE,
            read BOOLEAN NOT NULL,
            created_at TIMESTAMPTZ NOT NULL,
            seq BIGINT GENERATED ALWAYS AS IDENTITY
        )
        """,
        "CREATE INDEX notifications_on_session_id ON notifications (session_id)",
        "CREATE INDEX notifications_on_ticket_id ON notifications (ticket_id)",
        """
        CREATE TABLE ticket_history (
            id TEXT PRIMARY KEY,
            ticket_id TEXT NOT NULL REFERENCES tickets (id) ON DELETE CASCADE,
            from_state TEXT NOT NULL,
            to_state TEXT NOT NULL,
            trigger TEXT NOT NULL,
            reason TEXT NOT NULL,
            feedback TEXT,
            triggered_by TEXT,
            created_at TIMESTAMPTZ NOT NULL,
            seq BIGINT GENERATED ALWAYS AS IDENTITY
        )
        """,
        "CREATE INDEX ticket_history_on_ticket_id ON ticket_history (ticket_id)",
    ]

    // MARK: v2: the transcript path for hook mapping

    private static let v2 = [
        "ALTER TABLE sessions ADD COLUMN transcript_path TEXT"
    ]

    // MARK: v3: the owning host

    private static let v3 = [
        "ALTER TABLE sessions ADD COLUMN host TEXT NOT NULL DEFAULT ''",
        "ALTER TABLE projects ADD COLUMN host TEXT NOT NULL DEFAULT ''",
        "CREATE INDEX sessions_on_host ON sessions (host, status)",
        // Several hosts share the database: the same repository path may be a project on each.
        """
        ALTER TABLE projects DROP CONSTRAINT projects_repo_path_key,
            ADD CONSTRAINT projects_host_repo_path_key UNIQUE (host, repo_path)
        """,
    ]
}
