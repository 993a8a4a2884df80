// The store a TestServer runs on: the SQLite file in its data dir, or, when the suite runs against
// PostgreSQL (`CLAUDEPM_TEST_STORE=postgres`, as Scripts/test's second pass does), a fresh database
// of the throwaway test cluster. The database's URL is kept in the data dir so a restarted server
// (same root) opens the same database.
import Foundation
import Logging
import ServerCore
import ServerPostgres
import TestSupport

enum TestStore {
    /// True when this run's servers keep their data in PostgreSQL.
    static var usesPostgres: Bool { ProcessInfo.processInfo.environment["CLAUDEPM_TEST_STORE"] == "postgres" }

    /// Opens the store of a server whose data lives in `dataDir`; `database` names a PostgreSQL
    /// database to share (several servers, one database) whatever the run's default.
    static func open(
        dataDir: URL, database: String? = nil, host: String = Store.defaultHost, logger: Logger = Store.logger
    ) throws -> Store {
        guard let url = try database ?? postgresURL(dataDir) else {
            return try Store(directory: dataDir, host: host, logger: logger)
        }
        return Store(
            engine: try PostgresEngine(url: url, logger: Logger(label: "test-store")), host: host, logger: logger)
    }

    /// The database of `dataDir` when the run uses PostgreSQL: the remembered one, or a new one.
    private static func postgresURL(_ dataDir: URL) throws -> String? {
        guard usesPostgres else { return nil }
        let file = dataDir.appendingPathComponent("database-url")
        if let url = try? String(contentsOf: file, encoding: .utf8) { return url }
        try FileManager.default.createDirectory(at: dataDir, withIntermediateDirectories: true)
        let url = try PostgresTestCluster.createDatabase(prefix: "srv")
        try url.write(to: file, atomically: true, encoding: .utf8)
        return url
    }

    /// Drops the database of `dataDir`, if the run made one.
    static func drop(dataDir: URL) {
        let file = dataDir.appendingPathComponent("database-url")
        if let url = try? String(contentsOf: file, encoding: .utf8) { PostgresTestCluster.dropDatabase(url) }
    }
}

extension TestStore {
    /// A started relay of `bus` on the database `url`, once it listens (so no event of the test is
    /// published before the other servers can hear it).
    static func relay(url: String, bus: EventBus, origin: String, logger: Logger) async throws -> PostgresEventRelay {
        let relay = try PostgresEventRelay(url: url, bus: bus, origin: origin, logger: logger)
        relay.start()
        guard await eventually({ relay.isListening }) else {
            relay.stop()
            throw TestFailure("the event relay of \(origin) did not start listening")
        }
        return relay
    }
}
