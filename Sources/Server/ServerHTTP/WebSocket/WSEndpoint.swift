// The WebSocket endpoint (any path, as upstream): a handshake from a foreign origin is refused
// (400, CrossSiteRule), auth after the upgrade (close 4001), `agent:snapshot` first (then
// `sessions:pushing` for a socket that asked for `?push=sessions`; a socket that asked for
// `?output=none` gets no `session:output`), then messages up to 64 KiB (larger, also once
// inflated → close 1009) until the socket closes.
import ClaudePMProtocol
import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
import ServerCore

struct WSEndpoint: Sendable {
    let services: ServerServices
    let hub: WSHub
    let policy: AuthPolicy
    let ptys: PTYLauncher
    let metrics: ServerMetrics
    /// `ServerOptions.upstreamCompat`: attach as upstream does, whatever the extensions ask.
    let upstreamCompat: Bool

    func register(on router: Router<ServerWSContext>) {
        router.ws("/") { request, context in
            Self.shouldUpgrade(request, context)
        } onUpgrade: { inbound, outbound, context in
            try await run(inbound, outbound, context)
        }
        router.ws("**") { request, context in
            Self.shouldUpgrade(request, context)
        } onUpgrade: { inbound, outbound, context in
            try await run(inbound, outbound, context)
        }
    }

    /// Refuses the handshake of a page from a foreign origin (CrossSiteRule): it gets 400 and no
    /// socket. Clients that send no Origin (claudepm, the iOS app) and the allowed origins upgrade.
    private static func shouldUpgrade(_ request: Request, _ context: ServerWSContext) -> RouterShouldUpgrade {
        let origin = request.headers[.origin]
        guard let refused = CrossSiteRule.refusedOrigin(method: request.method, origin: origin, upgrade: true) else {
            return .upgrade([:])
        }
        PeerLog(logger: context.logger, peer: context.remoteAddress, path: request.uri.path)
            .crossSite("WebSocket", origin: refused)
        return .dontUpgrade
    }

    private static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    private func run(
        _ inbound: WebSocketInboundStream, _ outbound: WebSocketOutboundWriter,
        _ context: WebSocketRouterContext<ServerWSContext>
    ) async throws {
        let key = context.request.uri.queryParameters["apiKey"].map(String.init)
        let peer = context.requestContext.remoteAddress
        let log = PeerLog(logger: context.requestContext.logger, peer: peer, path: context.request.uri.path)
        guard policy.allows(isLoopback: Loopback.isLoopback(peer), presented: key) else {
            log.unauthorized("WebSocket")
            metrics.wsRefused.increment()
            try await outbound.close(.init(codeNumber: 4001), reason: "Unauthorized: Invalid or missing API key")
            // Finish the close handshake: the stream ends when the client's close frame arrives.
            for try await _ in inbound {}
            return
        }
        log.opened()
        metrics.wsOpened.increment()
        metrics.wsOpen.increment()
        let started = ContinuousClock.now
        let query = context.request.uri.queryParameters
        let pushesSessions = query["push"] == "sessions"
        // Extension: a socket whose tiles are pane streams has no use for `session:output`. Only
        // a server that streams panes honours it (the upstream stand-in, like upstream, does not).
        let skipsOutput = query["output"] == "none" && !upstreamCompat && services.panes.paneStreams != nil
        let connection = WSConnection(
            outbound: outbound, metrics: metrics, pushesSessions: pushesSessions, skipsSessionOutput: skipsOutput)
        let handler = WSHandler(
            connection: connection, hub: hub, services: services, ptys: ptys, log: log, metrics: metrics,
            upstreamCompat: upstreamCompat)
        hub.add(connection)
        defer {
            hub.remove(connection)
            connection.finish()
            metrics.wsOpen.decrement()
        }
        await connection.send(.agentSnapshot(AgentSnapshotPayload(agents: [])))
        // Extension: this socket gets `sessions:changed` whenever the session list changes.
        if pushesSessions { await connection.send(.sessionsPushing(SessionsPushingPayload())) }
        do {
            for try await message in inbound.messages(maxSize: WSLimits.maxPayload) {
                switch message {
                case .text(let text):
                    metrics.received(bytes: text.utf8.count)
                    await handler.receive(Data(text.utf8))
                case .binary(let buffer):
                    metrics.received(bytes: buffer.readableBytes)
                    await handler.receive(Data(buffer.readableBytesView))
                }
            }
        } catch {
            // Closing codes (1009 for an oversized message) come from rethrowing the stream's error.
            await handler.close()
            metrics.wsClosedByError.increment()
            log.closed(after: Self.seconds(since: started), reason: "\(error)")
            throw error
        }
        await handler.close()
        metrics.wsClosedByPeer.increment()
        log.closed(after: Self.seconds(since: started), reason: "closed by peer")
    }
}
