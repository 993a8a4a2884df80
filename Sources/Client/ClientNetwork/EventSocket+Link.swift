// The link and resync side of EventSocket: each link gets a generation number so that events
// from a link the machine already gave up on (half-open, timed out) are ignored.

import ClaudePMProtocol
import ClientCore
import Foundation
import NIOCore
import NIOPosix

extension EventSocket {
    func openLink() {
        closeLink()
        generation &+= 1
        let current = generation
        let skips = skipsSessionOutput && !rawFrames
        let callbacks = WebSocketLink.Callbacks(
            opened: { [weak self] writer in await self?.linkOpened(writer, generation: current) },
            message: { [weak self] message in
                if skips, self?.streamsPanes.withLock({ $0 }) == true,
                    message.withBytes(MessageTypePeek.isSessionOutput)
                {
                    await self?.heard(generation: current)
                } else {
                    let text = message.text
                    await self?.received(Self.decode(text), text: text, generation: current)
                }
            },
            closed: { [weak self] close in await self?.linkClosed(close, generation: current) })
        link = WebSocketLink.spawn(
            server: server, apiKey: key.current, tls: tls, compress: WebSocketLink.offersCompression(to: server),
            eventLoop: Self.socketLoop, query: query, callbacks: callbacks)
    }

    /// The event loop of every event socket: a thread of their own, so that reading their frames
    /// (whole pane captures every few seconds per subscribed session) never holds up the
    /// terminal streams on the shared loops.
    static let socketLoop: any EventLoop = MultiThreadedEventLoopGroup(numberOfThreads: 1).next()

    /// The query item that asks for `sessions:changed` (extension; an upstream server ignores it).
    static let pushQuery = URLQueryItem(name: "push", value: "sessions")
    /// The query item that asks for no `session:output` (extension: a server that streams panes
    /// honours it; an upstream server ignores it, and its captures are then the tiles' pictures).
    static let noOutputQuery = URLQueryItem(name: "output", value: "none")

    /// The socket URL's query items: the extensions this socket asks for.
    var query: [URLQueryItem] {
        (asksSessionPush ? [Self.pushQuery] : []) + (skipsSessionOutput && !rawFrames ? [Self.noOutputQuery] : [])
    }

    func closeLink() {
        generation &+= 1
        if let writer {
            Task { await writer.close() }
        }
        writer = nil
        link?.cancel()
        link = nil
    }

    private func linkOpened(_ writer: LinkWriter, generation: UInt64) {
        guard generation == self.generation else { return }
        self.writer = writer
        handle(.opened)
    }

    /// A frame that is not decoded still shows the link is alive.
    private func heard(generation: UInt64) {
        guard generation == self.generation else { return }
        handle(.frameReceived)
    }

    private func received(_ message: Result<ServerMessage, ClientNetworkError>, text: String, generation: UInt64) {
        guard generation == self.generation else { return }
        if rawFrames { continuation.yield(.rawFrame(server: server.name, text: text)) }
        switch message {
        case .success(let message):
            handle(.received(message))
            if case .unknown(let type, let raw) = message { unknown(type: type, raw: raw) }
            if case .pong(let payload) = message, let trip = machine.roundTrip?.last,
                let offset = clockEstimator.add(serverTime: payload.timestamp, receivedAt: Date(), roundTrip: trip)
            {
                continuation.yield(.clockOffset(server: server.name, seconds: offset))
            }
            continuation.yield(.message(server: server.name, message))
        case .failure:
            handle(.frameReceived)
            skippedEvent("an event: not JSON", kind: "not JSON")
        }
    }

    /// A frame of an unknown type is ignored (logged once); one of a known type whose payload did
    /// not decode is a record skipped.
    private func unknown(type: String, raw: JSONValue) {
        guard ServerMessage.isKnownType(type) else {
            if unknownTypesLogged.insert(type).inserted {
                logger.notice("server \(server.name): ignoring messages of unknown type \(type) (logged once)")
            }
            return
        }
        let payload = raw.objectValue?["payload"]?.objectValue
        let id = (payload?["sessionId"] ?? payload?["id"] ?? payload?["ticketId"])?.stringValue
        skippedEvent("\(type) event\(id.map { " (\($0.prefix(8)))" } ?? ""): bad payload", kind: type)
    }

    /// Logs and reports an event left out, once per `kind` for the life of the socket.
    private func skippedEvent(_ record: String, kind: String) {
        guard unreadableEventsReported.insert(kind).inserted else { return }
        logger.warning("server \(server.name): skipped a record it sent: \(record) (further ones are not reported)")
        continuation.yield(.recordsSkipped(server: server.name, [record]))
    }

    private func linkClosed(_ close: LinkClose, generation: UInt64) {
        guard generation == self.generation else { return }
        writer = nil
        link = nil
        if let failure = close.failure {
            noteFailure(failure.offlineReason, detail: failure.description)
        } else if let code = close.code, code != unauthorizedCloseCode {
            let detail = close.reason.isEmpty ? "" : ": \(close.reason)"
            noteFailure("closed by the server (\(code))", detail: "the server closed the socket with \(code)\(detail)")
        } else if close.code == nil {
            noteFailure("connection lost", detail: close.reason.isEmpty ? "the connection was lost" : close.reason)
        }
        handle(close.noRoute ? .noRoute(reason: close.reason) : .closed(code: close.code, reason: close.reason))
    }

    /// Remembers why the link went down (shown with the next status) and logs it in full.
    func noteFailure(_ reason: String, detail: String) {
        lastFailure = reason
        lastFailureReported = false
        logger.warning("server \(server.name) offline (\(reason)): \(detail)")
    }

    nonisolated static func decode(_ text: String) -> Result<ServerMessage, ClientNetworkError> {
        do {
            return .success(try ServerMessage.decode(Data(text.utf8)))
        } catch {
            return .failure(.badResponse(server: "", operation: "decode event", detail: "\(error)"))
        }
    }

    func resync() {
        resyncTask?.cancel()
        let rest = self.rest
        let current = generation
        let asks = skipsSessionOutput
        resyncTask = Task { [weak self] in
            // Asked beside the snapshot's requests, and reported before it lands, so the UI knows
            // how to show this server's tiles when its sessions arrive.
            async let streams = Self.streamsPanes(rest, ask: asks)
            do {
                let snapshot = try await rest.snapshot()
                await self?.resynced(snapshot, streamsPanes: await streams, generation: current)
            } catch {
                await self?.resyncFailed(error, generation: current)
            }
        }
    }

    private nonisolated static func streamsPanes(_ rest: RESTClient, ask: Bool) async -> Bool? {
        ask ? await rest.streamsPanes() : nil
    }

    /// A resync that lands after its link went down (or was replaced) is dropped: it would mark
    /// the server online with no socket up. The next link resyncs.
    private func resynced(_ snapshot: ServerSnapshot, streamsPanes answer: Bool?, generation: UInt64) {
        guard generation == self.generation, machine.status == .connected else {
            logger.info("server \(server.name): a resync that finished after its link went down is dropped")
            return
        }
        if let answer {
            let before = streamsPanes.withLock { value in
                defer { value = answer }
                return value
            }
            if before != answer {
                let words =
                    answer
                    ? "streams panes"
                    : "no pane streams (GET /api/metrics: not claudepm-server); tiles show its session:output "
                        + "pictures, only attach opens a tmux client"
                logger.info("server \(server.name): \(words)")
            }
            continuation.yield(.streamSupport(server: server.name, paneStreams: answer))
        }
        if !snapshot.skipped.isEmpty {
            for record in snapshot.skipped {
                logger.warning("server \(server.name): skipped a record it sent: \(record)")
            }
            continuation.yield(.recordsSkipped(server: server.name, snapshot.skipped))
        }
        continuation.yield(.resynced(server: server.name, snapshot))
        if subscribeToAllSessions {
            handle(.subscribeToRunning(snapshot.sessions))
        }
    }

    /// A resync that fails leaves the link unusable as "connected" (the UI would show old data as
    /// current): report it, drop the link and let the machine reconnect (and resync) with backoff.
    private func resyncFailed(_ error: any Error, generation: UInt64) {
        guard let error = error as? ClientNetworkError else { return }
        continuation.yield(.failure(server: server.name, error))
        guard generation == self.generation, machine.status == .connected else { return }
        noteFailure("resync failed", detail: error.description)
        closeLink()
        handle(.closed(code: nil, reason: "resync failed"))
    }
}

extension RESTClient {
    /// Fetches sessions, notifications, projects and each project's tickets (no file rescan). A
    /// record that does not decode is left out and named in `skipped`.
    public func snapshot() async throws(ClientNetworkError) -> ServerSnapshot {
        let requestedAt = Date()
        let sessions = try await sessionList()
        let notifications = try await notificationList()
        let projects = try await projectList()
        var skipped = sessions.skipped.map { "session \($0)" } + notifications.skipped.map { "notification \($0)" }
        skipped += projects.skipped.map { "project \($0)" }
        var tickets: [String: [Ticket]] = [:]
        for project in projects.items {
            let page = try await self.tickets(projectId: project.id, query: TicketQuery(sync: false)).data
            tickets[project.id] = page.items
            skipped += page.skipped.map { "ticket of \(project.name) \($0)" }
        }
        var snapshot = ServerSnapshot(
            sessions: sessions.items, notifications: notifications.items, projects: projects.items, tickets: tickets,
            requestedAt: requestedAt)
        snapshot.skipped = skipped
        return snapshot
    }
}
