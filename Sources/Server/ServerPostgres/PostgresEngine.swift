// The PostgreSQL store engine: one connection, lent to one read or write at a time (a lock), used
// synchronously through postgres-nio's EventLoopFuture interface as the services use GRDB. A write
// is one transaction behind an advisory lock, so writers are serialised across every server
// sharing the database, as SQLite's single writer serialises them within one. When the connection
// is lost the engine reports itself down and unavailable; the next read or write reconnects at
// once if the last attempt is older than the backoff (100 ms doubling to 5 s), waits for the
// outcome of an attempt already in flight (one attempt, at most 2 s), and otherwise fails fast; a
// background task (on the module's own thread, BlockingWorkers.postgres) keeps trying meanwhile
// so that health recovers without traffic.
// A write whose connection was lost before COMMIT was sent is retried once on a new connection
// (nothing of it was committed); one lost at or after COMMIT is not, since its outcome is unknown:
// a write is acknowledged only when its COMMIT succeeded. A read (no transaction) whose connection
// was lost also runs once more. A read inside a read or write of the same engine on the same
// thread runs on the connection already lent (and sees its uncommitted changes); a write inside
// one is refused, as SQLite refuses it.
import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import PostgresNIO
import ServerCore

/// PostgreSQL through postgres-nio.
public final class PostgresEngine: StoreEngine {
    /// The advisory lock every write transaction takes first ("claudepm" in ASCII).
    static let writeLockKey = 0x636C_6175_6465_706D

    /// The database, without its password.
    public let url: PostgresURL
    private let configuration: PostgresConnection.Configuration
    private let logger: Logger
    /// How long a statement may go unanswered before its connection is taken for lost.
    private let answerDeadline: TimeAmount
    /// Held for the whole of a read or write: the connection serves one body at a time.
    private let connectionLock = NIOLock()
    /// The connection state; held only briefly, never across the network.
    private let state = NIOLockedValueBox(PostgresEngineState())
    /// Signalled when a connection attempt ends, for callers waiting on the one in flight.
    private let attemptEnded = NSCondition()
    static let connectionIDs = NIOLockedValueBox(0)

    /// PostgreSQL's dialect (`seq` orders rows by insertion).
    public var dialect: SQLDialect { .postgres }

    /// Connects to the database of `url` (retrying with backoff for up to `connectTimeout`; a
    /// server that refuses the login or does not know the database fails at once) and applies the
    /// migrations. Throws `StoreError.badURL` for a bad URL and `StoreError.unavailable` when the
    /// database cannot be reached. Call it off any event loop.
    public convenience init(url: String, logger: Logger, connectTimeout: Duration = .seconds(5)) throws {
        try self.init(
            url: url, logger: logger, connectTimeout: connectTimeout,
            answerDeadline: PostgresStoreConnection.defaultDeadline)
    }

    /// As the public initializer, with the time a statement may go unanswered before its
    /// connection is taken for lost (shorter in tests).
    init(url: String, logger: Logger, connectTimeout: Duration, answerDeadline: TimeAmount) throws {
        let parsed = try PostgresURL(url)
        self.url = parsed
        self.logger = logger
        self.answerDeadline = answerDeadline
        var configuration = try parsed.configuration()
        // One attempt waits at most this long, so that a caller's reconnection is never long.
        configuration.options.connectTimeout = min(max(connectTimeout, .milliseconds(100)), .seconds(2)).timeAmount
        self.configuration = configuration
        try Self.refuseEventLoopThread()

        let connection = try Self.connectWithRetries(
            configuration: configuration, url: parsed, timeout: connectTimeout, logger: logger)
        state.withLockedValue { $0.connection = connection }
        watchClose(of: connection)
        do {
            for migration in PostgresSchema.migrations {
                let ran = try transaction(lockKey: PostgresSchema.migrationLockKey, retry: false) { db in
                    try PostgresSchema.apply(migration, on: db)
                }
                if ran {
                    logger.info(
                        "applied PostgreSQL migration \(migration.identifier)", metadata: ["database": "\(parsed)"])
                }
            }
        } catch {
            close()
            throw error
        }
        logger.info("PostgreSQL store ready", metadata: ["database": "\(parsed)"])
    }

    deinit { close() }

    // MARK: StoreEngine

    /// Runs `body` on the connection, outside any transaction (each statement commits alone).
    /// Throws `StoreError.unavailable` while the database cannot be reached.
    public func read<T>(_ body: (any StoreConnection) throws -> T) throws -> T {
        // A read inside a read or write of this engine on this thread (SQLite's pool allows a read
        // inside a write) runs on the connection already lent: waiting for the lock would wait
        // for itself. It sees the enclosing transaction's changes.
        if let outer = lentConnection { return try body(outer) }
        try Self.refuseEventLoopThread()
        return try connectionLock.withLock {
            var retried = false
            while true {
                let db = PostgresStoreConnection(
                    connection: try usableConnection(), logger: logger, deadline: answerDeadline, onLoss: markDown)
                do {
                    let value = try lending(db) { try body(db) }
                    if let lost = db.lostReason { throw StoreError.unavailable(lost) }
                    return value
                } catch {
                    // A read changes nothing: run it again once on a new connection.
                    if let lost = db.lostReason {
                        if !retried {
                            retried = true
                            continue
                        }
                        throw StoreError.unavailable(lost)
                    }
                    throw error
                }
            }
        }
    }

    /// Runs `body` in one transaction behind the writers' advisory lock: committed whole, or
    /// rolled back and rethrown. Throws `StoreError.unavailable` while the database cannot be
    /// reached, or when the connection was lost while committing (outcome unknown).
    public func write<T>(_ body: (any StoreConnection) throws -> T) throws -> T {
        if lentConnection != nil {
            // SQLite refuses this too ("not reentrant"); here it would wait for itself.
            throw StoreError.unavailable("a write was started inside another read or write of the same store")
        }
        try Self.refuseEventLoopThread()
        return try connectionLock.withLock {
            try transaction(lockKey: Self.writeLockKey, retry: true, body)
        }
    }

    /// The remembered connection state (no network round trip): connected, or why not and since
    /// when, and the reconnections so far.
    public func health() -> StoreHealth {
        let s = state.withLockedValue { $0 }
        if s.closed {
            return StoreHealth(
                engine: dialect.name, connected: false, error: "the store is closed", downSince: s.downSince,
                reconnects: s.reconnects)
        }
        if let connection = s.connection, connection.isClosed {
            // Closed under us and not yet noticed: say so now (and start reconnecting).
            markDown(connection, "the connection was closed")
            let now = state.withLockedValue { $0 }
            return StoreHealth(
                engine: dialect.name, connected: false, error: now.error, downSince: now.downSince,
                reconnects: now.reconnects)
        }
        let connected = s.connection != nil
        return StoreHealth(
            engine: dialect.name, connected: connected, error: connected ? nil : (s.error ?? "not connected"),
            downSince: connected ? nil : s.downSince, reconnects: s.reconnects)
    }

    /// Closes the connection and stops reconnecting; reads and writes fail afterwards.
    public func close() {
        let (connection, task) = state.withLockedValue { s -> (PostgresConnection?, Task<Void, Never>?) in
            s.closed = true
            defer {
                s.connection = nil
                s.reconnectTask = nil
            }
            return (s.connection, s.reconnectTask)
        }
        task?.cancel()
        if let connection { Self.discard(connection) }
    }

    // MARK: Transactions

    /// BEGIN; the advisory lock `lockKey`; `body`; COMMIT. Rolls back and rethrows when the body
    /// or a statement fails. With `retry`, a transaction whose connection was lost before COMMIT
    /// was sent runs once more on a new connection; a loss at or after COMMIT is never retried.
    /// Call with `connectionLock` held (or before the engine is shared, from `init`).
    private func transaction<T>(lockKey: Int, retry: Bool, _ body: (any StoreConnection) throws -> T) throws -> T {
        var attempts = 0
        while true {
            attempts += 1
            let mayRetry = retry && attempts == 1
            let db = PostgresStoreConnection(
                connection: try usableConnection(), logger: logger, deadline: answerDeadline, onLoss: markDown)
            let value: T
            do {
                try db.execute("BEGIN", [])
                _ = try db.rows("SELECT pg_advisory_xact_lock(?)", [.int(lockKey)])
                value = try lending(db) { try body(db) }
                if let lost = db.lostReason { throw StoreError.unavailable(lost) }
            } catch {
                if let lost = db.lostReason {
                    // Nothing was committed: COMMIT was never sent.
                    if mayRetry {
                        logger.warning(
                            "PostgreSQL connection lost in a write; retrying it once", metadata: ["reason": "\(lost)"])
                        continue
                    }
                    throw StoreError.unavailable(lost)
                }
                rollback(db)
                throw error
            }
            do {
                try db.execute("COMMIT", [])
            } catch {
                if let lost = db.lostReason {
                    throw StoreError.unavailable(
                        "\(lost) (while committing: the write may or may not have been applied)")
                }
                // The server refused the COMMIT (a deferred constraint, a serialisation failure):
                // it rolled the transaction back.
                throw error
            }
            return value
        }
    }

    // MARK: Nesting

    /// The key of this engine's lent connection in a thread's dictionary.
    private var lentKey: String { "claudepm.postgres.lent.\(UInt(bitPattern: ObjectIdentifier(self).hashValue))" }

    /// The connection this thread has been lent by this engine (inside a read or write body), if any.
    private var lentConnection: PostgresStoreConnection? {
        Thread.current.threadDictionary[lentKey] as? PostgresStoreConnection
    }

    /// Runs `body` with `db` recorded as lent to this thread (a body is synchronous: it stays on
    /// the thread).
    private func lending<T>(_ db: PostgresStoreConnection, _ body: () throws -> T) rethrows -> T {
        let key = lentKey
        Thread.current.threadDictionary[key] = db
        defer { Thread.current.threadDictionary.removeObject(forKey: key) }
        return try body()
    }

    /// ROLLBACK, ignoring its failure (the connection's loss is handled by the next use).
    private func rollback(_ db: PostgresStoreConnection) {
        do {
            try db.execute("ROLLBACK", [])
        } catch {
            logger.debug("PostgreSQL ROLLBACK failed", metadata: ["error": "\(error)"])
        }
    }

    // MARK: Connection

    /// The connection to use now: the current one if it is open; else a new one if an attempt is
    /// due (at once after a loss, then after the backoff), made here; else the outcome of the
    /// attempt in flight (the background task's), waited for; else throws `StoreError.unavailable`
    /// at once. A caller waits for one connection attempt at most, never for a retry loop.
    private func usableConnection() throws -> PostgresConnection {
        let current = state.withLockedValue { $0.connection }
        if let current {
            if !current.isClosed { return current }
            markDown(current, "the connection was closed")
        }
        enum Step {
            case use(PostgresConnection)
            case fail(String)
            case attempt
            case awaitAttempt
        }
        var waited = false
        while true {
            let now = ContinuousClock.now
            let step = state.withLockedValue { s -> Step in
                if s.closed { return .fail("the store is closed") }
                if let connection = s.connection, !connection.isClosed { return .use(connection) }
                let why = s.error ?? "not connected"
                if s.attemptInFlight { return waited ? .fail("\(why) (reconnecting)") : .awaitAttempt }
                let wait = s.callerWait(now: now)
                if wait > .zero { return .fail("\(why) (next attempt in \(Self.format(wait)))") }
                s.attemptInFlight = true
                s.lastAttempt = now
                return .attempt
            }
            switch step {
            case .use(let connection):
                return connection
            case .fail(let why):
                throw StoreError.unavailable(why)
            case .awaitAttempt:
                waited = true
                awaitAttempt()
            case .attempt:
                let connection: PostgresConnection
                do {
                    connection = try Self.connect(configuration: configuration, logger: logger).wait()
                } catch {
                    let reason = PostgresFailure.describe(error)
                    attemptFailed(reason)
                    throw StoreError.unavailable(reason)
                }
                return try install(connection)
            }
        }
    }

    /// Waits until the connection attempt in flight has ended (at most a little longer than one
    /// attempt may take).
    private func awaitAttempt() {
        let deadline = Date().addingTimeInterval(configuration.options.connectTimeout.seconds + 0.5)
        attemptEnded.lock()
        defer { attemptEnded.unlock() }
        while state.withLockedValue({ $0.attemptInFlight }) {
            if !attemptEnded.wait(until: deadline) { return }
        }
    }

    /// Wakes the callers waiting for the attempt in flight (after `attemptInFlight` was cleared).
    private func signalAttemptEnded() {
        attemptEnded.lock()
        attemptEnded.broadcast()
        attemptEnded.unlock()
    }

    /// Makes `connection` the engine's connection after a reconnection; returns the connection to
    /// use (another one, if someone else reconnected meanwhile, and `connection` is closed).
    private func install(_ connection: PostgresConnection) throws -> PostgresConnection {
        enum Outcome {
            case installed(downFor: Duration?)
            case existing(PostgresConnection)
            case closed
        }
        let now = ContinuousClock.now
        let outcome = state.withLockedValue { s -> Outcome in
            s.attemptInFlight = false
            if s.closed { return .closed }
            if let existing = s.connection, !existing.isClosed { return .existing(existing) }
            let downFor = s.downAt.map { now - $0 }
            s.connection = connection
            s.reconnects += 1
            s.error = nil
            s.downSince = nil
            s.downAt = nil
            s.failedAttempts = 0
            s.lastAttempt = nil
            return .installed(downFor: downFor)
        }
        signalAttemptEnded()
        switch outcome {
        case .installed(let downFor):
            watchClose(of: connection)
            logger.info(
                "reconnected to PostgreSQL",
                metadata: ["database": "\(url)", "down_for": "\(downFor.map(Self.format) ?? "?")"])
            return connection
        case .existing(let existing):
            Self.discard(connection)
            return existing
        case .closed:
            Self.discard(connection)
            throw StoreError.unavailable("the store is closed")
        }
    }

    /// Records a failed connection attempt and makes sure the background task keeps trying.
    private func attemptFailed(_ reason: String) {
        let first = state.withLockedValue { s -> Bool in
            s.attemptInFlight = false
            s.failedAttempts += 1
            s.error = reason
            if s.downSince == nil {
                s.downSince = Date()
                s.downAt = .now
            }
            startReconnecting(&s)
            return s.failedAttempts == 1
        }
        signalAttemptEnded()
        if first { logger.warning("cannot reconnect to PostgreSQL", metadata: ["reason": "\(reason)"]) }
    }

    /// Marks the engine down because `connection` was lost (`reason`), unless it is no longer the
    /// current one; closes it and starts the background task. Never blocks.
    private func markDown(_ connection: PostgresConnection, _ reason: String) {
        let wasCurrent = state.withLockedValue { s -> Bool in
            guard !s.closed, s.connection === connection else { return false }
            s.connection = nil
            s.error = reason
            s.downSince = Date()
            s.downAt = .now
            s.failedAttempts = 0
            s.lastAttempt = nil
            startReconnecting(&s)
            return true
        }
        Self.discard(connection)
        if wasCurrent {
            logger.warning("PostgreSQL connection lost", metadata: ["database": "\(url)", "reason": "\(reason)"])
        }
    }

    /// Marks the engine down as soon as `connection`'s channel closes, so that a connection the
    /// server ended while idle is noticed (and replaced) without traffic.
    private func watchClose(of connection: PostgresConnection) {
        connection.closeFuture.whenComplete { [weak self] _ in
            self?.markDown(connection, "the server closed the connection")
        }
    }

    /// Starts the background reconnection task unless it runs (with the state lock held).
    private func startReconnecting(_ s: inout PostgresEngineState) {
        guard !s.closed, s.reconnectTask == nil else { return }
        s.reconnectGeneration += 1
        let generation = s.reconnectGeneration
        s.reconnectTask = Task(executorPreference: BlockingWorkers.postgres) { [weak self] in
            // While the engine is down: wait out the backoff, try to connect, repeat until it is
            // connected, closed or gone. The engine is held only during an attempt.
            enum Step {
                case stop
                case wait(Duration)
                case attempt(PostgresEngine)
            }
            while !Task.isCancelled {
                let step: Step = {
                    guard let engine = self else { return .stop }
                    let now = ContinuousClock.now
                    return engine.state.withLockedValue { s -> Step in
                        guard s.reconnectGeneration == generation else { return .stop }
                        if s.closed || s.connection != nil {
                            s.reconnectTask = nil
                            return .stop
                        }
                        if s.attemptInFlight { return .wait(PostgresEngineState.initialBackoff) }
                        let wait = s.backgroundWait(now: now)
                        if wait > .zero { return .wait(wait) }
                        s.attemptInFlight = true
                        s.lastAttempt = now
                        return .attempt(engine)
                    }
                }()
                switch step {
                case .stop:
                    return
                case .wait(let duration):
                    try? await Task.sleep(for: duration)
                case .attempt(let engine):
                    do {
                        let connection = try await Self.connect(
                            configuration: engine.configuration, logger: engine.logger
                        )
                        .get()
                        _ = try? engine.install(connection)
                    } catch {
                        engine.attemptFailed(PostgresFailure.describe(error))
                    }
                }
            }
        }
    }
}
