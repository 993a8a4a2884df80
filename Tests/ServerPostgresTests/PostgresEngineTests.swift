// The PostgreSQL store engine against a throwaway cluster (TestSupport.PostgresTestCluster, one
// database per test): migrations (idempotent, concurrent, the same columns, indexes and foreign
// keys as the SQLite schema), typed values both ways, placeholders, write transactions (rollback,
// counts), and connection loss: health goes down with the reason, recovers by itself, a write
// issued right after the loss is retried on a new connection, and acknowledged writes survive.
import Foundation
import Logging
import ServerCore
import TestSupport
import Testing

@testable import ServerPostgres

@Suite(.enabled(if: PostgresTestCluster.isAvailable, "needs PostgreSQL"), .ownThread)
struct PostgresEngineTests {
    struct Boom: Error {}

    /// Quiet: the expected warnings (connections lost, payloads ignored) would drown the output.
    let logger: Logger = {
        var logger = Logger(label: "PostgresEngineTests")
        logger.logLevel = .error
        return logger
    }()

    /// A fresh database and an engine on it.
    func withEngine<T>(_ prefix: String = #function, _ body: (PostgresEngine, String) throws -> T) throws -> T {
        let url = try PostgresTestCluster.createDatabase(prefix: "engine_\(prefix)")
        defer { PostgresTestCluster.dropDatabase(url) }
        let engine = try PostgresEngine(url: url, logger: logger)
        defer { engine.close() }
        return try body(engine, url)
    }

    func insertProject(_ db: any StoreConnection, id: String, repo: String? = nil, host: String = "h1") throws {
        let now = Date()
        try db.execute(
            """
            INSERT INTO projects (id, name, repo_path, tickets_path, handoff_path, tmux_session, created_at,
                updated_at, host)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                .text(id), .text("Project \(id)"), .text(repo ?? "/repo/\(id)"), .text("/t"), .text("/h"),
                .text("s"), .date(now), .date(now), .text(host),
            ])
    }

    func projectCount(_ engine: PostgresEngine) throws -> Int {
        try engine.read { try $0.rows("SELECT COUNT(*) AS n FROM projects", []).first?.int("n") ?? -1 }
    }

    // MARK: Migrations

    @Test func migrationsAreRecordedAndIdempotent() throws {
        let url = try PostgresTestCluster.createDatabase(prefix: "engine_migrations")
        defer { PostgresTestCluster.dropDatabase(url) }
        let first = try PostgresEngine(url: url, logger: logger)
        try first.write { try insertProject($0, id: "p1") }
        first.close()
        let second = try PostgresEngine(url: url, logger: logger)
        defer { second.close() }
        let applied = try second.read {
            try $0.rows("SELECT identifier, applied_at FROM schema_migrations ORDER BY identifier", [])
        }
        #expect(applied.map { $0.optionalString("identifier") } == ["v1", "v2", "v3"])
        #expect(applied.allSatisfy { $0.optionalDate("applied_at") != nil })
        #expect(try projectCount(second) == 1, "reopening keeps the data")
        #expect(second.dialect == .postgres)
        #expect(second.health() == StoreHealth(engine: "postgres", connected: true))
    }

    @Test func serversMigratingAtOnceApplyEachMigrationOnce() async throws {
        let url = try PostgresTestCluster.createDatabase(prefix: "engine_concurrent")
        defer { PostgresTestCluster.dropDatabase(url) }
        let logger = self.logger
        let engines = try await withThrowingTaskGroup(of: PostgresEngine.self) { group in
            for _ in 0..<4 { group.addTask { try await offPool { try PostgresEngine(url: url, logger: logger) } } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        defer { engines.forEach { $0.close() } }
        #expect(engines.count == 4)
        let count = try engines[0].read { try $0.rows("SELECT COUNT(*) AS n FROM schema_migrations", []) }
        #expect(count.first?.int("n") == 3)
    }

    @Test func theSchemaMatchesSQLite() throws {
        let sqlite = try SQLiteEngine()
        try withEngine { engine, _ in
            for table in PostgresSchema.tables {
                // Columns: name, type and nullability (seq is PostgreSQL's rowid).
                let sqliteColumns = try sqlite.read {
                    try $0.rows("SELECT name, type, \"notnull\" AS nn FROM pragma_table_info('\(table)')", [])
                }
                let expected = Dictionary(
                    uniqueKeysWithValues: try sqliteColumns.map { row in
                        (
                            try row.string("name"),
                            "\(Self.postgresType(of: try row.string("type"))) \(row.int("nn") == 1)"
                        )
                    })
                let pgColumns = try engine.read {
                    try $0.rows(
                        """
                        SELECT column_name, data_type, is_nullable FROM information_schema.columns
                        WHERE table_schema = current_schema() AND table_name = ? AND column_name <> 'seq'
                        """, [.text(table)])
                }
                let actual = Dictionary(
                    uniqueKeysWithValues: try pgColumns.map { row in
                        (
                            try row.string("column_name"),
                            "\(try row.string("data_type")) \(try row.string("is_nullable") == "NO")"
                        )
                    })
                #expect(!expected.isEmpty)
                #expect(actual == expected, "columns of \(table)")

                // Foreign keys: column, referenced table, ON DELETE.
                let sqliteKeys = try sqlite.read {
                    try $0.rows(
                        "SELECT \"from\" AS c, \"table\" AS t, on_delete AS d FROM pragma_foreign_key_list('\(table)')",
                        [])
                }
                let expectedKeys = Set(
                    try sqliteKeys.map { "\(try $0.string("c")) -> \(try $0.string("t")) \(try $0.string("d"))" })
                let pgKeys = try engine.read {
                    try $0.rows(
                        """
                        SELECT a.attname AS c, r.relname AS t,
                            CASE k.confdeltype WHEN 'c' THEN 'CASCADE' WHEN 'n' THEN 'SET NULL' ELSE 'OTHER' END AS d
                        FROM pg_constraint k
                        JOIN pg_class s ON s.oid = k.conrelid
                        JOIN pg_class r ON r.oid = k.confrelid
                        JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = k.conkey[1]
                        WHERE k.contype = 'f' AND s.relname = ? AND s.relnamespace = current_schema()::regnamespace
                        """, [.text(table)])
                }
                let actualKeys = Set(
                    try pgKeys.map { "\(try $0.string("c")) -> \(try $0.string("t")) \(try $0.string("d"))" })
                #expect(actualKeys == expectedKeys, "foreign keys of \(table)")
            }

            // Indexes by name (besides those of primary keys and UNIQUE constraints).
            let sqliteIndexes = try sqlite.read {
                try $0.rows("SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL", [])
            }
            let pgIndexes = try engine.read {
                try $0.rows(
                    """
                    SELECT indexname FROM pg_indexes WHERE schemaname = current_schema()
                        AND indexname NOT LIKE '%_pkey' AND indexname NOT LIKE '%_key'
                    """, [])
            }
            #expect(
                Set(try pgIndexes.map { try $0.string("indexname") })
                    == Set(try sqliteIndexes.map { try $0.string("name") }))
        }
    }

    /// The PostgreSQL type SQLiteSchema's declared type maps to.
    static func postgresType(of sqliteType: String) -> String {
        switch sqliteType.uppercased() {
        case "TEXT": "text"
        case "INTEGER": "bigint"
        case "BOOLEAN": "boolean"
        case "DATETIME": "timestamp with time zone"
        case "DOUBLE", "REAL": "double precision"
        default: "unknown \(sqliteType)"
        }
    }

    @Test func projectsAreUniquePerHostAndRepository() throws {
        try withEngine { engine, _ in
            try engine.write { db in
                try insertProject(db, id: "p1", repo: "/same", host: "h1")
                try insertProject(db, id: "p2", repo: "/same", host: "h2")
            }
            #expect(try projectCount(engine) == 2)
            do {
                try engine.write { try insertProject($0, id: "p3", repo: "/same", host: "h1") }
                Issue.record("a second project on the same host and repository was accepted")
            } catch let error as PostgresStatementError {
                #expect(error.isUniqueViolation)
                #expect(error.sql.contains("INSERT INTO projects"))
            }
        }
    }

    // MARK: Values

    @Test func everyValueKindRoundTrips() throws {
        try withEngine { engine, _ in
            let date = Date(timeIntervalSince1970: 1_700_000_000.123456)
            let values: [SQLValue] = [
                .text("héllo ' ? \"world\""), .int(Int.max), .int(-42), .bool(true), .bool(false), .double(-2.5e-3),
                .date(date), .null, .text(""),
            ]
            try engine.write { db in
                try db.execute(
                    """
                    CREATE TABLE round_trip (t TEXT, i BIGINT, j BIGINT, b BOOLEAN, c BOOLEAN, d DOUBLE PRECISION,
                        ts TIMESTAMPTZ, n TEXT, e TEXT)
                    """, [])
                try db.execute("INSERT INTO round_trip VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", values)
            }
            let rows = try engine.read { try $0.rows("SELECT * FROM round_trip", []) }
            #expect(rows.count == 1)
            let row = try #require(rows.first)
            #expect(row["t"] == .text("héllo ' ? \"world\""))
            #expect(row["i"] == .int(Int.max))
            #expect(row["j"] == .int(-42))
            #expect(row["b"] == .bool(true))
            #expect(row["c"] == .bool(false))
            #expect(row["d"] == .double(-2.5e-3))
            #expect(row["n"] == .null)
            #expect(row["e"] == .text(""))
            // PostgreSQL keeps microseconds.
            let back = try row.date("ts")
            #expect(abs(back.timeIntervalSince(date)) < 1e-5)
            #expect(row.bool("b") && !row.bool("c") && row.int("i") == Int.max)
            #expect(row.optionalString("n") == nil && row.optionalDate("n") == nil)

            // Other column types decode by kind; unknown ones as text.
            let other = try engine.read {
                try $0.rows(
                    """
                    SELECT 7::int2 AS small, 8::int4 AS medium, 2.25::numeric AS num, 1.5::float4 AS f,
                        'v'::varchar AS v, 'c'::char(2) AS ch, 'nm'::name AS nm, '{"a": 1}'::jsonb AS js,
                        '2024-01-02 03:04:05'::timestamp AS local, 'x'::"char" AS onechar, NULL::int AS nothing
                    """, [])
            }
            let o = try #require(other.first)
            #expect(o["small"] == .int(7))
            #expect(o["medium"] == .int(8))
            #expect(o["num"] == .double(2.25))
            #expect(o["f"] == .double(1.5))
            #expect(o["v"] == .text("v"))
            #expect(o["ch"] == .text("c "))
            #expect(o["nm"] == .text("nm"))
            #expect(o["js"] == .text("{\"a\": 1}"))
            #expect(o["onechar"] == .text("x"))
            #expect(o["nothing"] == .null)
            if case .date = o["local"] {} else { Issue.record("timestamp is not a date: \(o["local"])") }

            // The typed StoredRecord helpers work on PostgreSQL rows.
            #expect(try engine.read { try $0.rows("SELECT 1 AS one WHERE 1 = 0", []) }.isEmpty)
        }
    }

    @Test func placeholdersAreNumberedOutsideLiterals() throws {
        #expect(PostgresPlaceholders.translate("SELECT 1") == "SELECT 1")
        #expect(
            PostgresPlaceholders.translate("SELECT ?, '?', \"a?\", ? -- ?\n, ? /* ? */, 'it''s ?', ?")
                == "SELECT $1, '?', \"a?\", $2 -- ?\n, $3 /* ? */, 'it''s ?', $4")
        #expect(PostgresPlaceholders.translate("x IN (?, ?, ?)") == "x IN ($1, $2, $3)")
        try withEngine { engine, _ in
            let row = try engine.read {
                try $0.rows("SELECT ? AS a, '?' AS q, ? AS b, 'it''s?' AS s", [.text("A"), .int(2)])
            }.first
            #expect(row?["a"] == .text("A"))
            #expect(row?["q"] == .text("?"))
            #expect(row?["b"] == .int(2))
            #expect(row?["s"] == .text("it's?"))
        }
    }

    // MARK: Transactions

    @Test func aFailedWriteLeavesNothing() throws {
        try withEngine { engine, _ in
            #expect(throws: Boom.self) {
                try engine.write { db in
                    try insertProject(db, id: "p1")
                    throw Boom()
                }
            }
            #expect(try projectCount(engine) == 0)

            // A statement the server refuses rolls back the whole transaction…
            #expect(throws: PostgresStatementError.self) {
                try engine.write { db in
                    try insertProject(db, id: "p1")
                    try insertProject(db, id: "p1")
                }
            }
            #expect(try projectCount(engine) == 0)
            // …and leaves the connection usable.
            try engine.write { try insertProject($0, id: "p1") }
            #expect(try projectCount(engine) == 1)
            #expect(try engine.write { _ in 42 } == 42)
        }
    }

    @Test func executeCountsTheRowsItChanged() throws {
        try withEngine { engine, _ in
            try engine.write { db in
                for id in ["a", "b", "c"] { try insertProject(db, id: id) }
                #expect(
                    try db.execute(
                        "UPDATE projects SET name = ? WHERE id IN (?, ?)", [.text("x"), .text("a"), .text("b")]) == 2)
                #expect(try db.execute("UPDATE projects SET name = ? WHERE id = ?", [.text("x"), .text("zzz")]) == 0)
                #expect(try db.execute("DELETE FROM projects WHERE id = ?", [.text("c")]) == 1)
                #expect(try db.execute("DELETE FROM projects", []) == 2)
            }
        }
    }

    @Test func aReadInsideAWriteUsesItsConnectionAndANestedWriteIsRefused() throws {
        try withEngine { engine, _ in
            let seen = try engine.write { db -> Int in
                try insertProject(db, id: "p1")
                // The enclosing transaction's row is visible; waiting for the lock would hang.
                return try projectCount(engine)
            }
            #expect(seen == 1)
            #expect(try engine.read { _ in try projectCount(engine) } == 1)
            #expect(throws: StoreError.self) {
                try engine.write { db in
                    try insertProject(db, id: "p2")
                    try engine.write { try insertProject($0, id: "p3") }
                }
            }
            #expect(try projectCount(engine) == 1)
        }
    }

    @Test func rowsOrderByTheSequenceColumn() throws {
        try withEngine { engine, _ in
            try engine.write { db in
                for id in ["z", "a", "m"] { try insertProject(db, id: id) }
            }
            let sequence = engine.dialect.sequence
            let ids = try engine.read { try $0.rows("SELECT id FROM projects ORDER BY \(sequence)", []) }
            #expect(ids.map { $0.optionalString("id") } == ["z", "a", "m"])
        }
    }

    // MARK: Connection loss

    /// The engine's backend process id.
    func backendPID(_ engine: PostgresEngine) throws -> Int {
        try engine.read { try $0.rows("SELECT pg_backend_pid() AS pid", []).first?.int("pid") ?? 0 }
    }

    /// Ends every session on `database` from `admin` (another database's engine).
    func terminateSessions(of database: String, from admin: PostgresEngine) throws {
        let ended = try admin.read {
            try $0.rows(
                """
                SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity
                WHERE datname = ? AND pid <> pg_backend_pid()
                """, [.text(database)])
        }
        #expect(!ended.isEmpty && ended.allSatisfy { $0.bool("ok") })
    }

    @Test func aWriteRightAfterTheConnectionDiesIsRetriedOnANewOne() throws {
        let adminURL = try PostgresTestCluster.createDatabase(prefix: "engine_admin")
        defer { PostgresTestCluster.dropDatabase(adminURL) }
        let admin = try PostgresEngine(url: adminURL, logger: logger)
        defer { admin.close() }
        try withEngine { engine, url in
            let database = try PostgresURL(url).database
            try engine.write { try insertProject($0, id: "before") }
            let pid = try backendPID(engine)
            try terminateSessions(of: database, from: admin)

            // Nothing was committed on the dead connection, so the write goes through on a new one.
            try engine.write { try insertProject($0, id: "after") }
            #expect(try backendPID(engine) != pid)
            #expect(try projectCount(engine) == 2)
            #expect(engine.health().connected)
            #expect(engine.health().reconnects == 1)
        }
    }

    @Test func healthGoesDownWithTheReasonAndRecoversByItself() async throws {
        let adminURL = try PostgresTestCluster.createDatabase(prefix: "engine_admin")
        defer { PostgresTestCluster.dropDatabase(adminURL) }
        let admin = try PostgresEngine(url: adminURL, logger: logger)
        defer { admin.close() }
        let url = try PostgresTestCluster.createDatabase(prefix: "engine_recovery")
        defer { PostgresTestCluster.dropDatabase(url) }
        let database = try PostgresURL(url).database
        let engine = try PostgresEngine(url: url, logger: logger)
        defer { engine.close() }

        // An acknowledged write: its COMMIT succeeded.
        try engine.write { try insertProject($0, id: "acknowledged") }

        // The database refuses new sessions, and the engine's session is ended.
        _ = try admin.read { try $0.execute("ALTER DATABASE \"\(database)\" ALLOW_CONNECTIONS false", []) }
        var reenabled = false
        defer {
            if !reenabled {
                _ = try? admin.read { try $0.execute("ALTER DATABASE \"\(database)\" ALLOW_CONNECTIONS true", []) }
            }
        }
        try terminateSessions(of: database, from: admin)

        #expect(await eventually(within: 30) { !engine.health().connected && engine.health().error != nil })
        let down = engine.health()
        #expect(down.engine == "postgres")
        #expect(down.downSince != nil)
        #expect(down.error?.isEmpty == false)
        // Callers fail fast with the reason, whether they attempt a reconnection or not.
        for _ in 0..<3 {
            #expect(throws: StoreError.self) { try projectCount(engine) }
            #expect(throws: StoreError.self) { try engine.write { try insertProject($0, id: "lost") } }
        }
        do {
            _ = try projectCount(engine)
        } catch let StoreError.unavailable(why) {
            #expect(!why.isEmpty)
        }
        // The background task keeps failing meanwhile, and says why.
        #expect(await eventually(within: 30) { engine.health().error?.contains("55000") == true })

        // The database comes back: health recovers without any traffic.
        _ = try admin.read { try $0.execute("ALTER DATABASE \"\(database)\" ALLOW_CONNECTIONS true", []) }
        reenabled = true
        #expect(await eventually(within: 30) { engine.health().connected })
        let up = engine.health()
        #expect(up.error == nil && up.downSince == nil)
        #expect(up.reconnects == 1)

        // The acknowledged write is there; the refused ones are not.
        let ids = try engine.read { try $0.rows("SELECT id FROM projects ORDER BY seq", []) }
        #expect(ids.map { $0.optionalString("id") } == ["acknowledged"])
        try engine.write { try insertProject($0, id: "later") }
        #expect(try projectCount(engine) == 2)
    }

    @Test func thePasswordNeverReachesTheLogs() throws {
        let secret = "Pa55-never-logged"
        let plain = try PostgresTestCluster.createDatabase(prefix: "engine_secret")
        defer { PostgresTestCluster.dropDatabase(plain) }
        // Trust authentication ignores the password, so the connection works with one in the URL.
        let url = plain.replacingOccurrences(of: "postgres://claudepm@", with: "postgres://claudepm:\(secret)@")
        #expect(url != plain)
        let capture = LogCapture()
        let engine = try PostgresEngine(url: url, logger: capture.logger)
        defer { engine.close() }
        try engine.write { try insertProject($0, id: "p1") }
        // A loss and a reconnection log too. (A read that loses its connection runs once more on a
        // new one: this one ends its session twice, then fails.)
        #expect(throws: StoreError.self) {
            try engine.read { try $0.rows("SELECT pg_terminate_backend(pg_backend_pid())", []) }
        }
        _ = try engine.read { try $0.rows("SELECT 1", []) }
        #expect(engine.health().reconnects == 2)
        _ = try? engine.read { try $0.rows("SELECT no_such_column FROM projects", []) }
        #expect(capture.lines.count > 5)
        #expect(capture.lines.contains { $0.contains("reconnected to PostgreSQL") })
        #expect(!capture.lines.contains { $0.contains(secret) })
        #expect(!"\(engine.url)".contains(secret))
    }

    @Test func aServerThatStopsAnsweringCountsAsALostConnection() throws {
        let url = try PostgresTestCluster.createDatabase(prefix: "engine_frozen")
        defer { PostgresTestCluster.dropDatabase(url) }
        let engine = try PostgresEngine(
            url: url, logger: logger, connectTimeout: .seconds(5), answerDeadline: .seconds(2))
        defer { engine.close() }
        try engine.write { try insertProject($0, id: "p1") }
        // The backend is frozen (the cluster runs on this machine): it neither answers nor closes.
        let pid = try backendPID(engine)
        #expect(kill(pid_t(pid), SIGSTOP) == 0)
        defer { kill(pid_t(pid), SIGCONT) }
        let start = ContinuousClock.now
        // The read's connection is given up after the deadline; the read runs again on a new one
        // (on a loaded machine that one may miss the deadline too: the read is tried again).
        var count: Int?
        for _ in 0..<10 where count == nil { count = try? projectCount(engine) }
        #expect(count == 1)
        #expect(ContinuousClock.now - start >= .milliseconds(1_800))
        #expect(try backendPID(engine) != pid)
        #expect(engine.health().connected && engine.health().reconnects >= 1)
    }

    @Test func aClosedEngineIsUnavailable() throws {
        try withEngine { engine, _ in
            engine.close()
            #expect(!engine.health().connected)
            #expect(throws: StoreError.self) { try projectCount(engine) }
            engine.close()
        }
    }

    @Test func anUnreachableDatabaseFailsWithinTheTimeout() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("no-pg-\(UUID())").path
        let start = ContinuousClock.now
        do {
            _ = try PostgresEngine(
                url: "postgres://claudepm@localhost/none?host=\(directory)", logger: logger,
                connectTimeout: .milliseconds(500))
            Issue.record("connected to nothing")
        } catch let StoreError.unavailable(why) {
            #expect(why.contains("cannot connect"))
        }
        let elapsed = ContinuousClock.now - start
        #expect(elapsed >= .milliseconds(200) && elapsed < .seconds(5), "retried for about the timeout")
    }

    @Test func anUnknownDatabaseFailsAtOnce() throws {
        let url = try PostgresTestCluster.url(database: "no_such_database_\(UUID().uuidString.prefix(8).lowercased())")
        let start = ContinuousClock.now
        #expect(throws: StoreError.self) { try PostgresEngine(url: url, logger: logger, connectTimeout: .seconds(10)) }
        #expect(ContinuousClock.now - start < .seconds(3), "the server's refusal is not retried")
    }
}
