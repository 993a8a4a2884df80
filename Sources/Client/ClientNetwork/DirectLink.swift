// A WebSocket link whose frames are handled where they are read: a channel handler on the
// socket's event loop joins each message and hands it, synchronously, to its owner (a PTY
// stream bound to the same loop), with no async sequence, task resumption or executor job per
// frame. A busy wall gets about 900 `pty:output` frames a second; going through WSClient's
// inbound stream cost each of them a hand-over that was most of the network thread's work
// (docs/history/performance.md, session 15). Speaks RFC 6455 over TCP or TLS, with permessage-deflate
// (RFC 7692, `LinkDeflate`) when the link offers it (off loopback). A peer that reads the upgrade
// request and closes (a tunnel or proxy whose backend is down) fails the attempt at once: the
// socket does not allow half-closure, so the peer's FIN ends the handshake.

import ClientCore
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import NIOWebSocket
import Synchronization

/// Opens WebSocket links handled on their socket's event loop.
enum DirectLink {
    /// What the owner hears, always on the link's event loop, in order: `opened` once the
    /// handshake is done, then messages, then exactly one `closed` (also when it never opened).
    struct Events: Sendable {
        /// The handshake completed; send through this writer.
        var opened: @Sendable (LinkWriter) -> Void
        /// A whole message arrived.
        var message: @Sendable (LinkMessage) -> Void
        /// The link ended.
        var closed: @Sendable (LinkClose) -> Void
    }

    /// A started link: cancel it to close it (a close frame, then the socket).
    final class Handle: Sendable {
        private let state = Mutex<(channel: (any Channel)?, cancelled: Bool)>((nil, false))

        /// Closes the link (now, or as soon as its socket is connected).
        func cancel() {
            let channel = state.withLock { state -> (any Channel)? in
                state.cancelled = true
                return state.channel
            }
            if let channel { DirectLink.close(channel) }
        }

        /// Records the connected socket; false if the link was cancelled meanwhile.
        fileprivate func connected(_ channel: any Channel) -> Bool {
            state.withLock { state in
                state.channel = channel
                return !state.cancelled
            }
        }
    }

    /// Connects to `server` on `loop` and reports to `events`. The URL carries `?apiKey=` and
    /// the request an `X-API-Key` header when a key is configured. `compress`: offer
    /// permessage-deflate (the server may accept it).
    static func start(
        server: ServerConfig, apiKey: APIKey?, tls: ResolvedTLS?, loop: any EventLoop, query: [URLQueryItem] = [],
        compress: Bool = false, events: Events
    ) -> Handle {
        let handle = Handle()
        guard let target = Target(url: WebSocketLink.url(for: server, apiKey: apiKey, query: query)) else {
            let failure = ClientNetworkError.unreachable(server: server.name, detail: "invalid WebSocket URL")
            loop.execute {
                events.closed(LinkClose(code: nil, reason: failure.description, neverOpened: true, failure: failure))
            }
            return handle
        }
        let sslContext: NIOSSLContext?
        do {
            sslContext = try tls.map { try NIOSSLContext(configuration: $0.configuration) }
        } catch {
            report(error, server: server, tls: tls, loop: loop, events: events)
            return handle
        }
        // The upgrade's own result, and the link's: a refused connect reports the connect's error,
        // never the upgrade's failure on a channel that closed before it opened.
        let upgrade = loop.makePromise(of: Bool.self)
        let upgraded = loop.makePromise(of: Bool.self)
        let request = requestHead(target, apiKey: apiKey, compress: compress)
        let sni = tls?.sniHostname ?? (target.isIPAddress ? nil : target.host)
        ClientBootstrap(group: loop)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    if let sslContext {
                        try channel.pipeline.syncOperations.addHandler(
                            NIOSSLClientHandler(context: sslContext, serverHostname: sni))
                    }
                    upgrade.completeWith(
                        try configureUpgrade(channel, request: request, compress: compress, events: events))
                }
            }
            .connect(host: target.host, port: target.port)
            .whenComplete { result in
                switch result {
                case .success(let channel):
                    upgraded.completeWith(upgrade.futureResult)
                    if !handle.connected(channel) { DirectLink.close(channel) }
                case .failure(let error):
                    upgraded.fail(error)
                    upgrade.fail(error)  // every promise completes; a later upgrade result is dropped
                }
            }
        upgraded.futureResult.whenComplete { result in
            switch result {
            case .success(true): break
            case .success(false):
                let failure = ClientNetworkError.unreachable(
                    server: server.name, detail: "the server refused the WebSocket upgrade")
                events.closed(LinkClose(code: nil, reason: failure.description, neverOpened: true, failure: failure))
            case .failure(let error): report(error, server: server, tls: tls, loop: loop, events: events)
            }
        }
        return handle
    }

    /// The HTTP client handlers and the WebSocket upgrade; the future says whether it upgraded.
    /// An answer that agrees to an extension this link did not offer, or to parameters it cannot
    /// use, fails the link (RFC 6455 §4.1).
    private static func configureUpgrade(
        _ channel: any Channel, request: HTTPRequestHead, compress: Bool, events: Events
    ) throws -> EventLoopFuture<Bool> {
        let upgrader = NIOTypedWebSocketClientUpgrader<Bool>(
            maxFrameSize: WebSocketLink.maxMessageSize, enableAutomaticErrorHandling: true,
            upgradePipelineHandler: { channel, response in
                channel.eventLoop.makeCompletedFuture {
                    let answer = response.headers[canonicalForm: "Sec-WebSocket-Extensions"].joined(separator: ",")
                    let deflate = try LinkDeflate.negotiated(answer, offered: compress)
                    try channel.pipeline.syncOperations.addHandler(DirectLinkHandler(events: events, deflate: deflate))
                    return true
                }
            })
        let configuration = NIOTypedHTTPClientUpgradeConfiguration<Bool>(
            upgradeRequestHead: request, upgraders: [upgrader],
            notUpgradingCompletionHandler: { channel in
                channel.close(promise: nil)
                return channel.eventLoop.makeSucceededFuture(false)
            })
        var pipeline = NIOUpgradableHTTPClientPipelineConfiguration(upgradeConfiguration: configuration)
        // Frames the server sends right behind its 101 (a 4001 close for a wrong key) are kept.
        pipeline.leftOverBytesStrategy = .forwardBytes
        return try channel.pipeline.syncOperations.configureUpgradableHTTPClientPipeline(configuration: pipeline)
    }

    private static func requestHead(_ target: Target, apiKey: APIKey?, compress: Bool) -> HTTPRequestHead {
        var headers = HTTPHeaders()
        headers.add(name: "Host", value: target.hostHeader)
        if let apiKey { headers.add(name: "X-API-Key", value: apiKey.value) }
        if compress { headers.add(name: "Sec-WebSocket-Extensions", value: LinkDeflate.offer) }
        return HTTPRequestHead(version: .http1_1, method: .GET, uri: target.pathAndQuery, headers: headers)
    }

    /// Reports a link that never opened, in the words `WebSocketLink` uses.
    private static func report(
        _ error: any Error, server: ServerConfig, tls: ResolvedTLS?, loop: any EventLoop, events: Events
    ) {
        Task {
            let close = await WebSocketLink.failed(error, server: server, tls: tls, opened: false)
            loop.execute { events.closed(close) }
        }
    }

    /// Starts a normal close of `channel`: a close frame if the link is open, then the socket.
    static func close(_ channel: any Channel) {
        channel.eventLoop.execute {
            if let handler = try? channel.pipeline.syncOperations.handler(type: DirectLinkHandler.self) {
                handler.close(code: .normalClosure)
            } else {
                channel.close(promise: nil)
            }
        }
    }

    /// Where a WebSocket URL points.
    struct Target {
        /// The host to connect to (brackets removed from an IPv6 literal).
        var host: String
        /// The port (80 or 443 when the URL has none).
        var port: Int
        /// The request target: path and query.
        var pathAndQuery: String
        /// The `Host` header's value.
        var hostHeader: String
        /// Whether `host` is an IP address (no SNI).
        var isIPAddress: Bool

        /// The target of `url` (`ws:` or `wss:`), nil if it has no host.
        init?(url: String) {
            guard let components = URLComponents(string: url), let host = components.host, !host.isEmpty else {
                return nil
            }
            let secure = components.scheme == "wss" || components.scheme == "https"
            self.host = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
            port = components.port ?? (secure ? 443 : 80)
            let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
            pathAndQuery = components.percentEncodedQuery.map { "\(path)?\($0)" } ?? path
            hostHeader = components.port.map { "\(host):\($0)" } ?? host
            isIPAddress = (try? SocketAddress(ipAddress: self.host, port: 0)) != nil
        }
    }
}
