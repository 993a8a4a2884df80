// NetworkBackend: the runtime's side of ClientNetwork. It runs one event socket per server and
// posts what they report to the UI loop as app events; it carries out the app's requests
// (`NetworkEffect`, every case handled: no `default`) on tasks of their own and reports failures
// back as `.actionFailed`. Text typed into a session goes over the event socket (`session:input`),
// which is subscribed to every running session, with HTTP `/input` as the fallback. Answers to
// prompts go over HTTP `/keys` and `/input`, whose reply confirms them, and always end with
// `.answerEnded`. Nothing here touches the UI.
import ClaudePMProtocol
import ClientCore
import ClientNetwork
import Foundation
import Logging
import Synchronization

/// Talks to every configured server on behalf of the UI loop.
final class NetworkBackend: Sendable {
    let servers: [String: RuntimeServer]
    private let sockets: [EventSocket]
    let queue: EventQueue<RuntimeEvent>
    /// The last known state of each server, on disk.
    let cache: SnapshotCache
    private let tasks = Mutex<[Task<Void, Never>]>([])
    /// The terminal streams' life tasks, awaited on quit.
    private let streams = StreamTasks()
    /// Network changes (netlink) trigger a reconnect attempt of every server that is down.
    private let routes = Mutex<RouteWatcher?>(nil)
    private let logger = Logger(label: "claudepm.runtime.network")
    /// One session-list fetch per server at a time (a burst of `sessions:changed` costs two).
    private let refreshGate = RefreshGate()

    /// A backend for `servers` posting to `queue`; its event sockets follow `connection` (their
    /// heartbeat, backoff and timeouts).
    init(
        servers: [RuntimeServer], queue: EventQueue<RuntimeEvent>,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        connection: ConnectionMachine.Configuration = .init()
    ) {
        self.servers = Dictionary(servers.map { ($0.config.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.sockets = servers.map {
            EventSocket(
                server: $0.config, apiKey: $0.apiKey, tls: $0.tls, configuration: connection, skipsSessionOutput: true,
                asksSessionPush: true, key: $0.key)
        }
        self.queue = queue
        self.cache = SnapshotCache(servers: servers.map(\.config), environment: environment)
    }

    /// Posts every server's cached state; call before `start()` so live state always comes after.
    func postCachedState() {
        queue.post(contentsOf: cache.cachedEvents().map(RuntimeEvent.app))
    }

    /// Connects every event socket and forwards its events until `stop()`.
    func start() {
        let logger = logger
        routes.withLock {
            $0 = RouteWatcher { [weak self] in
                logger.info("the network changed: trying every server that is down now")
                self?.reconnectAll()
            }
        }
        for socket in sockets {
            let queue = queue
            let name = socket.server.name
            let cache = cache
            let task = Task {
                await socket.start()
                // A heartbeat's round trip reaches the UI only when the milliseconds shown change:
                // every 5 s on an idle link it would wake the UI loop to draw the same text.
                var shownRoundTrip: Int?
                for await event in socket.events {
                    if case .message(_, .sessionOutput(let output)) = event {
                        let key = SessionKey(server: name, sessionId: output.sessionId)
                        queue.post(.picture(key, lines: output.lines))
                        continue
                    }
                    if case .resynced(_, let snapshot) = event { cache.resynced(snapshot, server: name) }
                    if case .status = event { shownRoundTrip = nil }
                    var events = ServerEventMapper.map(event, server: name)
                    if case .roundTrip(_, let milliseconds) = events.first {
                        if milliseconds == shownRoundTrip { events.removeFirst() }
                        shownRoundTrip = milliseconds
                    }
                    if !events.isEmpty { queue.post(contentsOf: events.map(RuntimeEvent.app)) }
                }
            }
            tasks.withLock { $0.append(task) }
        }
    }

    /// Asks every event socket that is not up to connect now (a socket that is connecting or
    /// connected ignores it); each re-reads its API key first.
    func reconnectAll() {
        let sockets = sockets
        Task {
            for socket in sockets { await socket.start() }
        }
    }

    /// Closes every socket with a close frame (the server sees a clean 1000, not a dropped
    /// connection), all at once, each waiting at most a second for its link to end.
    func stop() async {
        routes.withLock { $0?.stop() }
        await withTaskGroup(of: Void.self) { group in
            for socket in sockets { group.addTask { await socket.shutdownClosingLink() } }
            // Streams the UI closed on quit send pty:detach and a close frame (at most a second).
            group.addTask { [streams] in await streams.waitForAll() }
        }
        for task in tasks.withLock({ $0 }) { task.cancel() }
    }

    /// Carries out a request to one server; the result comes back as app events. A ticket
    /// action's end (done or refused) is always reported, before the session refresh that may
    /// follow it.
    func perform(_ effect: NetworkEffect) {
        if case .answer(let answer) = effect { return send(answer) }
        let queue = queue
        let servers = servers
        let logger = logger
        let socket = sockets.first { $0.server.name == effect.server }
        let cache = cache
        let gate = refreshGate
        Task {
            var acted = false
            do throws(ClientNetworkError) {
                if let socket, let message = Self.socketMessage(for: effect), await socket.send(message) { return }
                var events = try await Self.run(effect, servers: servers)
                acted = true
                for case .recordsSkipped(let server, let records) in events {
                    for record in records { logger.warning("server \(server): skipped a record it sent: \(record)") }
                }
                if let target = effect.ticketTarget { events.append(.ticketActionEnded(target, failure: nil)) }
                queue.post(contentsOf: events.map(RuntimeEvent.app))
                if let socket, let server = servers[socket.server.name], Self.changesSessions(effect) {
                    let name = server.config.name
                    guard gate.enter(name) else { return }
                    do throws(ClientNetworkError) {
                        repeat {
                            let refreshed = try await Self.refreshSessions(server, socket: socket, cache: cache)
                            queue.post(contentsOf: refreshed.map(RuntimeEvent.app))
                        } while gate.again(name)
                    } catch {
                        gate.abandon(name)
                        throw error
                    }
                }
            } catch {
                logger.warning("action failed: \(error.description)")
                // A failed background refresh is retried by the next change or period; it is no
                // news to the user.
                if case .refreshSessions = effect { return }
                if !acted, let target = effect.ticketTarget {
                    queue.post(.app(.ticketActionEnded(target, failure: error.description)))
                } else {
                    queue.post(.app(.actionFailed(error.description)))
                }
            }
        }
    }

    /// Sends an answer over HTTP (its 2xx confirms it, which the socket's `session:keys` never
    /// does) and always reports how it ended: confirmed, a repeat, refused or in doubt.
    private func send(_ answer: PromptAnswer) {
        let queue = queue
        let servers = servers
        let logger = logger
        Task {
            var outcome = PromptAnswer.Outcome.delivered
            do throws(ClientNetworkError) {
                try await Self.rest(answer.session.server, servers).send(answer)
            } catch {
                logger.warning("answer to \(answer.target) (prompt \(answer.prompt)): \(error.description)")
                outcome = error.answerOutcome
            }
            queue.post(.app(.answerEnded(answer, outcome)))
        }
    }

    /// Effects after which the session list is fetched again: the upstream server announces no
    /// new or removed session (starting a ticket creates one; approving or rejecting may end one).
    static func changesSessions(_ effect: NetworkEffect) -> Bool {
        switch effect {
        case .refreshSessions, .startTicketSession, .approveTicket, .rejectTicket: true
        case .sendInput, .answer, .loadBoard, .loadTicketContent, .moveTicket, .clearNotifications,
            .deleteNotification, .refetchNotifications, .loadJournal, .loadJournalScreen, .searchJournal:
            false
        }
    }

    /// Fetches the session list and subscribes the event socket to every running session (which
    /// `session:waiting` and `session:input` need).
    private static func refreshSessions(
        _ server: RuntimeServer, socket: EventSocket, cache: SnapshotCache
    ) async throws(ClientNetworkError) -> [AppEvent] {
        let requestedAt = Date()
        let list = try await server.rest.sessions()
        cache.sessionsRefreshed(list, server: server.config.name)
        await socket.setSubscriptions(Set(list.filter { $0.status == .running }.map(\.id)))
        let name = server.config.name
        return [
            .sessionsLoaded(
                server: name, sessions: list.map { ServerEventMapper.session($0, server: name) },
                requestedAt: requestedAt)
        ]
    }

    /// The event-socket message for effects that type into a session (the socket is subscribed
    /// to every running session, which `session:input` and `session:keys` require).
    static func socketMessage(for effect: NetworkEffect) -> ClientMessage? {
        switch effect {
        case .sendInput(let key, let text): .input(sessionId: key.sessionId, text: text)
        case .answer, .refreshSessions, .loadBoard, .loadTicketContent, .startTicketSession, .approveTicket,
            .rejectTicket, .moveTicket, .clearNotifications, .deleteNotification, .refetchNotifications,
            .loadJournal, .loadJournalScreen, .searchJournal:
            nil
        }
    }

    /// Why a journal request failed, in words: a 404 from a server without the extension (the
    /// upstream server) means it keeps no journal.
    static func journalProblem(_ error: ClientNetworkError, server: String) -> String {
        if case .notFound = error { return "\(server) keeps no journal (the upstream server, or --no-journal)" }
        return error.description
    }

    private static func rest(
        _ name: String, _ servers: [String: RuntimeServer]
    ) throws(ClientNetworkError) -> RESTClient {
        guard let server = servers[name] else {
            throw .noMatch(kind: "server", reference: name)
        }
        return server.rest
    }

    /// The request over REST. Every case is listed (no `default`): a new request does not compile
    /// until it is handled here.
    private static func run(
        _ effect: NetworkEffect, servers: [String: RuntimeServer]
    ) async throws(ClientNetworkError)
        -> [AppEvent]
    {
        switch effect {
        // The event socket was down: the same over HTTP (`/input`: text + Enter; `/keys`: tmux key names).
        case .sendInput(let key, let text):
            try await rest(key.server, servers).sendInput(session: key.sessionId, text: text)
        case .answer:
            // Sent by `send(_:)`, which reports its outcome (`perform` never brings it here).
            break
        case .loadBoard(let project):
            let client = try rest(project.server, servers)
            let requestedAt = Date()
            let tickets = try await client.ticketList(projectId: project.id)
            let sessions = (try? await client.sessions(projectId: project.id)) ?? []
            let cards = tickets.items.map { ServerEventMapper.ticket($0, sessions: sessions, server: project.server) }
            let skipped = tickets.skipped.map { "ticket of \(project.name) \($0)" }
            return [.ticketsLoaded(project: project, tickets: cards, requestedAt: requestedAt)]
                + (skipped.isEmpty ? [] : [.recordsSkipped(server: project.server, skipped)])
        case .loadTicketContent(let server, let ticketID):
            let detail = try await rest(server, servers).ticket(ticketID)
            return [.ticketContent(title: detail.ticket.title, markdown: detail.content)]
        case .startTicketSession(let server, let ticketID):
            _ = try await rest(server, servers).start(ticket: ticketID)
        case .approveTicket(let server, let ticketID):
            _ = try await rest(server, servers).approve(ticket: ticketID)
        case .rejectTicket(let server, let ticketID, let feedback):
            _ = try await rest(server, servers).reject(ticket: ticketID, feedback: feedback)
        case .moveTicket(let server, let ticketID, let column):
            let ticket = try await rest(server, servers).move(ticket: ticketID, to: column.ticketState)
            return [.ticketState(server: server, ticketID: ticket.id, state: BoardColumn(ticket.state))]
        case .clearNotifications(let server):
            _ = try await rest(server, servers).dismissAllNotifications()
            return [.notificationsLoaded(server: server, items: [], resync: false)]
        case .deleteNotification(let server, let id):
            try await rest(server, servers).dismissNotification(id)
        case .refetchNotifications(let server):
            let list = try await rest(server, servers).notifications()
            return [.notificationsLoaded(server: server, items: list.data, resync: false)]
        case .refreshSessions:
            // Fetched by `perform` after this, with the event socket's subscriptions (`changesSessions`).
            break
        case .loadJournal(let key):
            do {
                return [.journalLoaded(key, try await rest(key.server, servers).journal(session: key.sessionId))]
            } catch {
                return [.journalFailed(key, Self.journalProblem(error, server: key.server))]
            }
        case .loadJournalScreen(let key, let atMs):
            do {
                let screen = try await rest(key.server, servers).journalScreen(session: key.sessionId, atMs: atMs)
                return [.journalScreenLoaded(key, askedMs: atMs, screen)]
            } catch {
                return [.journalFailed(key, Self.journalProblem(error, server: key.server))]
            }
        case .searchJournal(let key, let query):
            do {
                let result = try await rest(key.server, servers).journalSearch(session: key.sessionId, query: query)
                return [.journalSearched(key, result)]
            } catch {
                return [.journalFailed(key, Self.journalProblem(error, server: key.server))]
            }
        }
        return []
    }
}

extension NetworkBackend: RuntimeBackend {
    func openTerminal(
        _ key: SessionKey, cols: Int, rows: Int, readOnly: Bool, paneStream: Bool, generation: Int
    )
        -> (any TerminalChannel)?
    {
        guard let server = servers[key.server] else { return nil }
        return PTYChannel.open(
            server: server, key: key, cols: cols, rows: rows, readOnly: readOnly, paneStream: paneStream,
            generation: generation, queue: queue, streams: streams)
    }
}
