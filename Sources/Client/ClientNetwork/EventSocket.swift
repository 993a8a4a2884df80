// The event socket of one server, driven by ClientCore's ConnectionMachine: this actor only
// carries out the machine's actions (open the link, run timers on the real clock, send,
// subscribe, resync over REST) and feeds back what happens. Every frame is decoded on the link's
// own task; the UI receives Sendable ClientEvents on `events`.

import ClaudePMProtocol
import ClientCore
import Foundation
import Logging
import Synchronization

/// A reconnecting, heart-beating event socket for one server.
public actor EventSocket {
    /// Everything that happens, in order. Finishes after `shutdown()`.
    public nonisolated let events: AsyncStream<ClientEvent>
    /// The server.
    public nonisolated let server: ServerConfig
    let continuation: AsyncStream<ClientEvent>.Continuation
    /// The key, re-read from its source before every connect attempt.
    let key: RotatingAPIKey
    let tls: ResolvedTLS?
    var rest: RESTClient
    let clock = MonotonicClock()
    let subscribeToAllSessions: Bool
    let rawFrames: Bool
    /// `session:output` frames are counted as heard from but not decoded while the server streams
    /// panes, which is asked after every connect (`skipsSessionOutput`).
    let skipsSessionOutput: Bool
    /// The link asks the server to push session-list changes (`?push=sessions`).
    let asksSessionPush: Bool
    /// What the server said after the latest connect: true when it streams panes (nil: not asked
    /// yet). Read by the link's frame callback, hence a lock rather than actor state.
    nonisolated let streamsPanes = Mutex<Bool?>(nil)
    var machine: ConnectionMachine
    var timers = TimerSet<ConnectionTimer>()
    var link: Task<Void, Never>?
    var writer: LinkWriter?
    var generation: UInt64 = 0
    var resyncTask: Task<Void, Never>?
    let logger: Logger
    /// Why the link last went down, until it is up again.
    var lastFailure: String?
    /// Whether `lastFailure` was reported (`.offlineReason`): once per failure, not with each
    /// status of the retry that follows it.
    var lastFailureReported = false
    /// Message types this client does not know, each logged once (newer servers add types; the
    /// UI ignores them, and a log line per frame would flood the log).
    var unknownTypesLogged: Set<String> = []
    /// Known message types a frame of which could not be read (and "not JSON"), each reported once
    /// per socket: a server that keeps sending one must not flood the log and the status line.
    var unreadableEventsReported: Set<String> = []
    /// The server's clock against ours, from pong timestamps.
    var clockEstimator = ClockOffsetEstimator()

    /// Creates an idle socket; call `start()`. With `subscribeToAllSessions`, every resync
    /// subscribes to all running sessions (so `session:status` and `session:waiting` arrive).
    /// With `rawFrames`, every frame's text is reported as `.rawFrame` too, before its message.
    /// With `skipsSessionOutput`, each resync also asks whether the server streams panes
    /// (`RESTClient.streamsPanes`, reported as `.streamSupport`), and while it does,
    /// `session:output` frames in the servers' usual shape (a whole pane capture every few seconds
    /// per subscribed session, which the UI has no use for: its tiles are live terminals) count
    /// as heard from but are not decoded or reported; the socket's URL also carries
    /// `?output=none`, which a server that streams panes honours by sending none. From a server
    /// without pane streams they are the tiles' pictures.
    /// With `asksSessionPush`, the socket's URL carries `?push=sessions`: a server that pushes
    /// session-list changes (claudepm-server) answers `sessions:pushing` and then sends
    /// `sessions:changed`; an upstream server ignores the parameter.
    /// With `key`, the key is re-read from its source before each connect (`apiKey` is then
    /// ignored); without it, `apiKey` is used as it is. The link's life is logged to `logger`.
    public init(
        server: ServerConfig, apiKey: APIKey?, tls: ResolvedTLS?,
        configuration: ConnectionMachine.Configuration = .init(), subscribeToAllSessions: Bool = true,
        rawFrames: Bool = false, skipsSessionOutput: Bool = false, asksSessionPush: Bool = false,
        key: RotatingAPIKey? = nil,
        logger: Logger = Logger(label: "claudepm.network.events")
    ) {
        self.logger = logger
        self.rawFrames = rawFrames
        self.skipsSessionOutput = skipsSessionOutput
        self.asksSessionPush = asksSessionPush
        self.server = server
        let key = key ?? RotatingAPIKey(apiKey, source: nil)
        self.key = key
        self.tls = tls
        self.rest = RESTClient(server: server, apiKey: key.current, tls: tls)
        self.subscribeToAllSessions = subscribeToAllSessions
        self.machine = ConnectionMachine(
            configuration: configuration, jitter: SeededJitter(seed: UInt64.random(in: 0...UInt64.max)))
        (events, continuation) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(10_000))
    }

    /// The current status.
    public var status: ConnectionStatus { machine.status }

    /// Connects (or retries now).
    public func start() { handle(.start) }

    /// Disconnects and stops retrying.
    public func stop() { handle(.stop) }

    /// Stops and finishes `events`.
    public func shutdown() {
        handle(.stop)
        resyncTask?.cancel()
        continuation.finish()
    }

    /// Like `shutdown()`, but first sends a normal close frame on an open link, so the server sees
    /// a clean 1000, and waits at most a second for the link to end.
    public func shutdownClosingLink() async {
        let (writer, link) = (self.writer, self.link)
        self.writer = nil
        self.link = nil
        shutdown()
        guard let writer else {
            link?.cancel()
            return
        }
        await writer.close()
        // The close frame is out; the transport may linger after the handshake, so give it a
        // second and then cut it.
        let deadline = Task {
            try? await Task.sleep(for: .seconds(1))
            link?.cancel()
        }
        await link?.value
        deadline.cancel()
    }

    /// Sets the sessions to stay subscribed to (re-sent after every reconnect).
    public func setSubscriptions(_ ids: Set<String>) { handle(.subscriptionsChanged(ids)) }

    /// Sends a message now if connected; returns false when it could not be sent.
    @discardableResult public func send(_ message: ClientMessage) async -> Bool {
        guard let writer, let text = Self.encode(message) else { return false }
        do {
            try await writer.send(text)
            return true
        } catch {
            return false
        }
    }

    // MARK: Driving the machine

    func handle(_ event: ConnectionEvent) {
        for action in machine.handle(event, now: clock.now()) { execute(action) }
    }

    private func execute(_ action: ConnectionAction) {
        switch action {
        case .connect:
            if key.reload(server: server.name) { rest = RESTClient(server: server, apiKey: key.current, tls: tls) }
            logger.info(
                "server \(server.name): connecting to \(server.url.absoluteString) (attempt \(machine.attempt + 1))")
            openLink()
        case .close(let reason):
            switch reason {
            case .halfOpen:
                noteFailure(
                    "no answer",
                    detail: "nothing received for two heartbeat intervals (half-open link or frozen server)")
            case .connectTimeout: noteFailure("timeout", detail: "the connection did not open in time")
            case .userRequested: break
            }
            closeLink()
        case .send(let message): sendInBackground([message])
        case .scheduleTimer(let kind, let time):
            timers.schedule(kind, at: time, clock: clock) { [weak self] token in
                await self?.timerFired(kind, token: token)
            }
        case .cancelTimer(let kind): timers.cancel(kind)
        case .resync: resync()
        case .subscribe(let ids): sendInBackground(ids.map { ClientMessage.subscribe(sessionId: $0) })
        case .unsubscribe(let ids): sendInBackground(ids.map { ClientMessage.unsubscribe(sessionId: $0) })
        case .report(let status):
            switch status {
            case .connected: lastFailure = nil
            case .reconnecting, .connecting:
                if let lastFailure, !lastFailureReported {
                    lastFailureReported = true
                    continuation.yield(.offlineReason(server: server.name, lastFailure))
                }
            default: break
            }
            logStatus(status)
            continuation.yield(.status(server: server.name, status))
            if case .authFailed = status {
                let error: ClientNetworkError =
                    key.current == nil ? .authMissing(server: server.name) : .authRejected(server: server.name)
                continuation.yield(.failure(server: server.name, error))
            }
        case .reportRoundTrip(let roundTrip): continuation.yield(.roundTrip(server: server.name, roundTrip))
        case .reportLate(let contact):
            let silence = contact.map { clock.now() - $0 }
            if let silence { logger.warning("server \(server.name): heartbeat late, last contact \(silence) ago") }
            continuation.yield(.late(server: server.name, silentFor: silence))
        }
    }

    /// The link's life in the client log: connected, the next try and its delay, a rejected key,
    /// a stop. Failures themselves are logged where they are seen (`noteFailure`). Never the key.
    private func logStatus(_ status: ConnectionStatus) {
        switch status {
        case .connected: logger.info("server \(server.name): connected")
        case .reconnecting(let attempt, let retryAt):
            let delay = max(0, (retryAt - clock.now()).components.seconds)
            logger.info("server \(server.name): next try (\(attempt)) in \(delay) s")
        case .authFailed:
            let kind = key.current == nil ? "no API key was sent" : "the API key was rejected"
            logger.error("server \(server.name): \(kind) (close code 4001); not retrying until reconnect is asked")
        case .offline: logger.info("server \(server.name): disconnected")
        case .connecting: break
        }
    }

    private func timerFired(_ kind: ConnectionTimer, token: UInt64) {
        guard timers.take(kind, token: token) else { return }
        handle(.timerFired(kind))
    }

    private func sendInBackground(_ messages: [ClientMessage]) {
        guard let writer else { return }
        let texts = messages.compactMap(Self.encode)
        Task {
            for text in texts { try? await writer.send(text) }
        }
    }

    static func encode(_ message: ClientMessage) -> String? {
        (try? message.encoded()).map { String(decoding: $0, as: UTF8.self) }
    }
}
