// Opens the store the command line asks for: the SQLite file in the data directory (default), or
// PostgreSQL (`--database` / $CLAUDEPM_DATABASE) with the relay that carries broadcasts between
// the servers sharing it.
import Foundation
import Logging
import ServerCore
import ServerPostgres

/// The store and, for PostgreSQL, the cross-server event relay.
struct StoreOpener {
    let database: String?
    let hostName: String?
    let logger: Logger

    /// From the command's options and the environment.
    init(command: ClaudePMServer, logger: Logger) {
        let env = ProcessInfo.processInfo.environment
        database = command.database ?? env["CLAUDEPM_DATABASE"].flatMap { $0.isEmpty ? nil : $0 }
        hostName = command.hostName ?? env["CLAUDEPM_HOST_NAME"].flatMap { $0.isEmpty ? nil : $0 }
        self.logger = logger
    }

    /// The store; `dataDir` holds the SQLite file when no database URL is given.
    func open(dataDir: URL, demo: Bool) throws -> Store {
        let host = hostName ?? Store.defaultHost
        guard let database, !demo else { return try Store(directory: dataDir, host: host, logger: logger) }
        let engine = try PostgresEngine(url: database, logger: logger)
        logger.info("store", metadata: ["engine": "postgres", "host": "\(host)"])
        return Store(engine: engine, host: host, logger: logger)
    }

    /// Starts the relay of broadcasts for a PostgreSQL store (nil for SQLite).
    func relay(for store: Store, bus: EventBus) throws -> PostgresEventRelay? {
        guard let database, store.dialect == .postgres else { return nil }
        let relay = try PostgresEventRelay(url: database, bus: bus, origin: UUID().uuidString, logger: logger)
        relay.start()
        return relay
    }
}
