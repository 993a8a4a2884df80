// Per-connection message processing: rate limit, validation (ClaudePMProtocol's Zod rules), and
// dispatch of subscribe/input/keys/ping. PTY messages live in WSHandler+PTY. Messages are handled
// one at a time in arrival order.
import ClaudePMProtocol
import Foundation
import ServerCore

/// Handles the messages of one WebSocket connection.
actor WSHandler {
    let connection: WSConnection
    let hub: WSHub
    let services: ServerServices
    let ptys: PTYLauncher
    let log: PeerLog
    let metrics: ServerMetrics?
    /// Ignore the stream extensions of `pty:attach` and `pty:resize`, as an upstream server does
    /// (`ServerOptions.upstreamCompat`, for tests).
    let upstreamCompat: Bool
    var limiter: RateLimiter
    var pty: AttachedPTY? {
        didSet { metrics?.streamChanged(from: oldValue?.kind, to: pty?.kind) }
    }

    init(
        connection: WSConnection, hub: WSHub, services: ServerServices, ptys: PTYLauncher, log: PeerLog,
        metrics: ServerMetrics? = nil, upstreamCompat: Bool = false
    ) {
        self.upstreamCompat = upstreamCompat
        self.connection = connection
        self.hub = hub
        self.services = services
        self.ptys = ptys
        self.log = log
        self.metrics = metrics
        limiter = RateLimiter(start: .now)
    }

    var connectionId: String { connection.id.uuidString.lowercased() }

    /// Processes one incoming frame.
    func receive(_ data: Data) async {
        guard limiter.allow(at: .now) else { return await sendError(WSError.rateLimited) }
        switch ClientMessage.validate(data) {
        case .failure(let error):
            log.refusedMessage(error)
            await sendError(error.errorPayload)
        case .success(let message): await dispatch(message)
        }
    }

    private func dispatch(_ message: ClientMessage) async {
        switch message {
        case .subscribe(let id): await subscribe(id.lowercased())
        case .unsubscribe(let id):
            hub.unsubscribe(connection, from: id.lowercased())
            await send(.unsubscribed(UnsubscribedPayload(sessionId: id)))
        case .input(let id, let text): await input(id.lowercased(), raw: false, text)
        case .keys(let id, let keys): await input(id.lowercased(), raw: true, keys)
        case .ping: await send(.pong(PongPayload(timestamp: Date())))
        case .ptyAttach(let id, let cols, let rows, let readOnly, let stream, let history):
            let request = AttachRequest(
                cols: cols ?? 80, rows: rows ?? 24, readOnly: !upstreamCompat && readOnly == true,
                paneStream: !upstreamCompat && stream == "pane", history: upstreamCompat ? nil : history)
            await attach(id, request)
        case .ptyDetach(let id): await detach(id)
        case .ptyData(_, let data): await ptyData(data)
        case .ptyResize(_, let cols, let rows, let readOnly, let fit):
            await resize(
                cols: cols, rows: rows, readOnly: upstreamCompat ? nil : readOnly, fit: !upstreamCompat && fit == true)
        case .ptySelectPane: await selectPane()
        case .unknown: await sendError(WSError.internalError(.processMessage))
        }
    }

    private func subscribe(_ id: String) async {
        guard await (try? SessionQueries(store: services.store).record(id)) != nil else {
            return await sendError(WSError.sessionNotFound(id))
        }
        hub.subscribe(connection, to: id)
        let lines = await services.sessions.bufferLines(id)
        await send(.subscribed(SubscribedPayload(sessionId: id, bufferLines: lines)))
        if !lines.isEmpty, !connection.skipsSessionOutput { await send(Wire.output(id, lines)) }
    }

    private func input(_ id: String, raw: Bool, _ text: String) async {
        guard hub.isSubscribed(connection, to: id) else { return await sendError(WSError.notSubscribed) }
        do {
            if raw {
                try await services.sessions.sendRawKeys(id, keys: text)
            } else {
                try await services.sessions.sendInput(id, text: text)
            }
        } catch ServerError.notFound {
            await sendError(WSError.sessionNotFound(id))
        } catch ServerError.badRequest(let message) {
            await sendError(ErrorPayload(code: .inputFailed, message: message))
        } catch {
            await sendError(WSError.internalError(raw ? .sendKeys : .sendInput))
        }
    }

    /// Sends `message` now.
    func send(_ message: ServerMessage) async {
        await connection.send(message)
    }

    /// Sends an `error` message now.
    func sendError(_ payload: ErrorPayload) async {
        await send(.error(payload))
    }

    /// Cleans up when the socket closes: the PTY is killed, subscriptions dropped.
    func close() {
        if let pty { end(pty, cancelReader: true) }
        pty = nil
    }
}
