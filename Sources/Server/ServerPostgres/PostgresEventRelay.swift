// Live events across the servers sharing one PostgreSQL database, through LISTEN/NOTIFY on the
// channel `claudepm_events`. The relay has a connection of its own (never the store's: LISTEN
// must stay on one session, and notifications must not wait behind a long write), on which it
// listens and sends, reconnecting with backoff when it drops. The broadcasts published locally on
// the bus (notifications and ticket state changes; a session's events stay with the host that owns
// it) are queued from the publishing thread and sent in order by a task of their own as
// `{"origin": …, "event": {…}}`; what arrives from other origins is published on the bus as
// remote (to its sinks only, never back to the relays). Events published while the connection is
// down wait in the queue (the oldest 1,000 are kept) and go out once it is back. An idle
// connection is checked every 30 s (a server gone without closing it is noticed within 40 s). The
// tasks run on the module's background thread (BlockingWorkers.postgres), not on the
// concurrency pool.
import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import PostgresNIO
import ServerCore

/// Relays broadcast events between the EventBuses of the servers sharing a PostgreSQL database.
public final class PostgresEventRelay: Sendable {
    /// The NOTIFY channel.
    public static let channel = "claudepm_events"
    /// The longest payload sent, in bytes (PostgreSQL refuses more than 8,000).
    static let maximumPayload = 7_900
    /// How many local events may wait for the connection; beyond it new ones are dropped.
    static let queueLimit = 1_000
    /// How often an idle connection is checked.
    static let keepAliveInterval = Duration.seconds(30)
    /// How long the server may take to answer a NOTIFY or a check before the connection is
    /// taken for lost.
    static let answerDeadline = TimeAmount.seconds(10)

    /// The database, without its password.
    public let url: PostgresURL
    /// This relay's origin: events carrying it are its own, and are not published again.
    public let origin: String
    private let configuration: PostgresConnection.Configuration
    private let bus: EventBus
    private let logger: Logger
    private let state = NIOLockedValueBox(PostgresRelayState())
    private static let connectionIDs = NIOLockedValueBox(1_000_000)

    /// A relay between `bus` and the database of `url`, identified as `origin` (unique per server,
    /// e.g. its host name and process). Throws `StoreError.badURL` for a bad URL. Nothing happens
    /// until `start()`.
    public init(url: String, bus: EventBus, origin: String, logger: Logger) throws {
        let parsed = try PostgresURL(url)
        self.url = parsed
        self.configuration = try parsed.configuration()
        self.bus = bus
        self.origin = origin
        self.logger = logger
    }

    /// True while LISTEN is in effect on a live connection (events from the others arrive).
    public var isListening: Bool {
        state.withLockedValue { $0.listening && $0.connection?.isClosed == false }
    }

    /// Registers on the bus and starts listening and sending, reconnecting as needed, until
    /// `stop()`. Does nothing if already started or stopped.
    public func start() {
        let (stream, continuation) = AsyncStream.makeStream(
            of: ServerEvent.self, bufferingPolicy: .bufferingOldest(Self.queueLimit))
        let begin = state.withLockedValue { s -> Bool in
            guard !s.stopped, s.listener == nil else { return false }
            s.outgoing = continuation
            s.listener = Task(executorPreference: BlockingWorkers.postgres) { await self.runListener() }
            s.sender = Task(executorPreference: BlockingWorkers.postgres) { await self.runSender(stream) }
            return true
        }
        guard begin else { return }
        let logger = self.logger
        let token = bus.addRelay { event in
            guard Self.isRelayed(event) else { return }
            if case .dropped = continuation.yield(event) {
                logger.warning("PostgreSQL event relay queue full: an event was not relayed")
            }
        }
        let stoppedMeanwhile = state.withLockedValue { s -> Bool in
            if s.stopped { return true }
            s.relayToken = token
            return false
        }
        if stoppedMeanwhile { bus.remove(token) }
    }

    /// Unregisters from the bus, stops the tasks and closes the connection. Events still queued
    /// are not sent. The relay cannot be started again.
    public func stop() {
        let s = state.withLockedValue { s -> PostgresRelayState in
            let old = s
            s.stopped = true
            s.relayToken = nil
            s.listener = nil
            s.sender = nil
            s.outgoing = nil
            s.connection = nil
            s.listening = false
            s.waiters = []
            return old
        }
        if let token = s.relayToken { bus.remove(token) }
        s.outgoing?.finish()
        s.listener?.cancel()
        s.sender?.cancel()
        for waiter in s.waiters { waiter.resume(returning: nil) }
        if let connection = s.connection {
            connection.close().whenComplete { _ in withExtendedLifetime(connection) {} }
        }
    }

    /// True for the events relayed: the broadcasts.
    static func isRelayed(_ event: ServerEvent) -> Bool {
        switch event {
        case .notification, .ticketState, .sessionsChanged: true
        case .sessionStatus, .sessionWaiting, .sessionOutput: false
        }
    }

    // MARK: Listening

    /// Connects, LISTENs and publishes what arrives, reconnecting with backoff (100 ms doubling to
    /// 5 s) whenever the connection fails, until stopped.
    private func runListener() async {
        var failures = 0
        while !Task.isCancelled {
            var connection: PostgresConnection?
            do {
                let id = Self.connectionIDs.withLockedValue { id -> Int in
                    id += 1
                    return id
                }
                let connected = try await PostgresConnection.connect(
                    on: MultiThreadedEventLoopGroup.singleton.next(), configuration: configuration, id: id,
                    logger: logger)
                connection = connected
                guard adopt(connected) else {
                    try? await connected.close()
                    return
                }
                let keepAlive = Task(executorPreference: BlockingWorkers.postgres) {
                    await self.keepAlive(connected)
                }
                defer { keepAlive.cancel() }
                try await connected.listen(on: Self.channel) { notifications in
                    self.state.withLockedValue { $0.listening = true }
                    if failures > 0 {
                        self.logger.info("PostgreSQL event relay reconnected", metadata: ["database": "\(self.url)"])
                    }
                    failures = 0
                    for try await notification in notifications {
                        self.receive(notification.payload)
                    }
                }
            } catch {
                if !isStopped {
                    if failures == 0 {
                        logger.warning(
                            "PostgreSQL event relay disconnected; reconnecting",
                            metadata: ["database": "\(url)", "reason": "\(PostgresFailure.describe(error))"])
                    }
                }
            }
            if let connection {
                state.withLockedValue { s in
                    if s.connection === connection {
                        s.connection = nil
                        s.listening = false
                    }
                }
                try? await connection.close()
            }
            if isStopped { return }
            failures += 1
            var wait = PostgresEngineState.initialBackoff
            for _ in 1..<min(failures, 16) where wait < PostgresEngineState.maximumBackoff { wait *= 2 }
            try? await Task.sleep(for: min(wait, PostgresEngineState.maximumBackoff))
        }
    }

    /// Asks `connection` for `SELECT 1` every 30 s, so that a connection whose server went away
    /// without closing it (a host gone, a partition) is closed, and replaced, within 40 s even
    /// when no event is sent.
    private func keepAlive(_ connection: PostgresConnection) async {
        while !Task.isCancelled && !connection.isClosed {
            try? await Task.sleep(for: Self.keepAliveInterval)
            if Task.isCancelled || connection.isClosed { return }
            _ = try? await connection.query(
                "SELECT 1", logger: logger, deadline: Self.answerDeadline
            ).get()
        }
    }

    /// Makes `connection` the relay's and wakes the waiting senders; false when stopped.
    private func adopt(_ connection: PostgresConnection) -> Bool {
        let waiters = state.withLockedValue { s -> [CheckedContinuation<PostgresConnection?, Never>]? in
            guard !s.stopped else { return nil }
            s.connection = connection
            s.listening = false
            defer { s.waiters = [] }
            return s.waiters
        }
        guard let waiters else { return false }
        for waiter in waiters { waiter.resume(returning: connection) }
        return true
    }

    private var isStopped: Bool { state.withLockedValue { $0.stopped } }

    /// Publishes a notification's event as remote, unless it is this relay's own or unreadable.
    private func receive(_ payload: String) {
        let relayed: RelayedEvent
        do {
            relayed = try JSONDecoder().decode(RelayedEvent.self, from: Data(payload.utf8))
        } catch {
            logger.warning(
                "ignoring an unreadable PostgreSQL event relay payload",
                metadata: ["payload": "\(payload.prefix(200))", "error": "\(error)"])
            return
        }
        guard relayed.origin != origin else { return }
        bus.publishRemote(relayed.event)
    }

    // MARK: Sending

    /// Sends the queued local events in order, each once a connection is up (at most three
    /// attempts each, across reconnections).
    private func runSender(_ stream: AsyncStream<ServerEvent>) async {
        for await event in stream {
            guard let payload = encode(event) else { continue }
            var bindings = PostgresBindings(capacity: 2)
            bindings.append(Self.channel)
            bindings.append(payload)
            let query = PostgresQuery(unsafeSQL: "SELECT pg_notify($1, $2)", binds: bindings)
            for attempt in 1...3 {
                guard let connection = await connectionForSending() else { return }
                do {
                    _ = try await connection.query(
                        query, logger: logger, deadline: Self.answerDeadline
                    ).get()
                    break
                } catch {
                    let lost = PostgresFailure.isConnectionLoss(error, connection: connection)
                    if lost {
                        // The listener notices the closed channel and reconnects.
                        state.withLockedValue { s in
                            if s.connection === connection {
                                s.connection = nil
                                s.listening = false
                            }
                        }
                        connection.close().whenComplete { _ in withExtendedLifetime(connection) {} }
                    }
                    if !lost || attempt == 3 {
                        logger.warning(
                            "PostgreSQL event relay could not send an event",
                            metadata: ["reason": "\(PostgresFailure.describe(error))"])
                        break
                    }
                }
            }
        }
    }

    /// The connection to send on: the current one, or the next one the listener makes; nil once
    /// stopped.
    private func connectionForSending() async -> PostgresConnection? {
        await withCheckedContinuation { continuation in
            state.withLockedValue { s in
                if s.stopped {
                    continuation.resume(returning: nil)
                } else if let connection = s.connection, !connection.isClosed {
                    continuation.resume(returning: connection)
                } else {
                    s.waiters.append(continuation)
                }
            }
        }
    }

    /// The NOTIFY payload of `event`: nil for an event not relayed, or one too large even without
    /// a ticket transition's feedback (then logged).
    func encode(_ event: ServerEvent) -> String? {
        guard let relayed = RelayedEvent(origin: origin, event: event) else { return nil }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        do {
            let full = String(decoding: try encoder.encode(relayed), as: UTF8.self)
            if full.utf8.count <= Self.maximumPayload { return full }
            if let smaller = relayed.droppingFeedback() {
                let trimmed = String(decoding: try encoder.encode(smaller), as: UTF8.self)
                if trimmed.utf8.count <= Self.maximumPayload {
                    logger.notice("relaying a ticket transition without its feedback text (too long for NOTIFY)")
                    return trimmed
                }
            }
            logger.warning(
                "not relaying an event too large for NOTIFY",
                metadata: ["bytes": "\(full.utf8.count)", "limit": "\(Self.maximumPayload)"])
        } catch {
            logger.warning("cannot encode an event for the relay", metadata: ["error": "\(error)"])
        }
        return nil
    }
}
