// The link and resync side of EventSocket: each link gets a generation number so that events
// from a link the machine already gave up on (half-open, timed out) are ignored.

import ClaudePMProtocol
import ClientCore
import Foundation

extension EventSocket {
    func openLink() {
        closeLink()
        generation &+= 1
        let current = generation
        let skips = skipsSessionOutput && !rawFrames
        let callbacks = WebSocketLink.Callbacks(
            opened: { [weak self] writer in await self?.linkOpened(writer, generation: current) },
            message: { [weak self] message in
                if skips, message.withBytes(MessageTypePeek.isSessionOutput) {
                    await self?.heard(generation: current)
                } else {
                    let text = message.text
                    await self?.received(Self.decode(text), text: text, generation: current)
                }
            },
            closed: { [weak self] close in await self?.linkClosed(close, generation: current) })
        link = WebSocketLink.spawn(
            server: server, apiKey: key.current, tls: tls, compress: WebSocketLink.offersCompression(to: server),
            callbacks: callbacks)
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
            if case .unknown(let type, _) = message, unknownTypesLogged.insert(type).inserted {
                logger.notice("server \(server.name): ignoring messages of unknown type \(type) (logged once)")
            }
            if case .pong(let payload) = message, let trip = machine.roundTrip?.last,
                let offset = clockEstimator.add(serverTime: payload.timestamp, receivedAt: Date(), roundTrip: trip)
            {
                continuation.yield(.clockOffset(server: server.name, seconds: offset))
            }
            continuation.yield(.message(server: server.name, message))
        case .failure(let error):
            handle(.frameReceived)
            continuation.yield(.failure(server: server.name, error))
        }
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
        handle(.closed(code: close.code, reason: close.reason))
    }

    /// Remembers why the link went down (shown with the next status) and logs it in full.
    func noteFailure(_ reason: String, detail: String) {
        lastFailure = reason
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
        resyncTask = Task { [weak self] in
            do {
                let snapshot = try await rest.snapshot()
                await self?.resynced(snapshot)
            } catch {
                await self?.resyncFailed(error, generation: current)
            }
        }
    }

    private func resynced(_ snapshot: ServerSnapshot) {
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
    /// Fetches sessions, notifications, projects and each project's tickets (no file rescan).
    public func snapshot() async throws(ClientNetworkError) -> ServerSnapshot {
        let requestedAt = Date()
        let sessions = try await sessions()
        let notifications = try await notifications().data
        let projects = try await projects()
        var tickets: [String: [Ticket]] = [:]
        for project in projects {
            tickets[project.id] = try await self.tickets(projectId: project.id, query: TicketQuery(sync: false)).data
        }
        return ServerSnapshot(
            sessions: sessions, notifications: notifications, projects: projects, tickets: tickets,
            requestedAt: requestedAt)
    }
}
