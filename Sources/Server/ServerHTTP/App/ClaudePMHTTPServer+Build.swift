// Building the Hummingbird application: HTTP routes matched case-insensitively (as Express's), with
// HEAD run as GET (as Express does), the CORS, ETag, error and auth middleware in upstream's order
// and the cross-site guard before auth; the WebSocket router (any path), frame limits, permessage-deflate, optional TLS.
import ClaudePMProtocol
import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import HummingbirdWSCompression
import HummingbirdWebSocket
import NIOCore
import NIOSSL
import ServerCore

extension ClaudePMHTTPServer {
    typealias AppFactory = (AsyncStream<Int>.Continuation) -> Application<
        HeadAsGetResponder<RouterResponder<ServerRequestContext>>
    >

    /// Express matches routes case-insensitively; captured parameters keep the case they were sent in.
    static var routerOptions: RouterOptions { .caseInsensitive }

    func makeApplication(tmuxAvailable: Bool) throws -> AppFactory {
        let router = Router(context: ServerRequestContext.self, options: Self.routerOptions)
        router.add(middleware: UpstreamCORSMiddleware())
        router.add(middleware: ETagMiddleware())
        router.add(middleware: ErrorMiddleware())
        router.add(middleware: CrossSiteGuard())
        router.add(middleware: AuthMiddleware(policy: options.auth))
        registerRoutes(router, tmuxAvailable: tmuxAvailable)
        let wsRouter = Router(context: ServerWSContext.self)
        WSEndpoint(
            services: services, hub: hub, policy: options.auth, ptys: ptys, metrics: metrics,
            upstreamCompat: options.upstreamCompat
        )
        .register(on: wsRouter)
        // permessage-deflate when the client offers it (claudepm offers it on event sockets, where
        // JSON lists compress well; upstream's apps may offer it too). A client's compressed
        // message may not inflate past the payload limit (1009, as an uncompressed one).
        let wsConfig = WebSocketServerConfiguration(
            maxFrameSize: WSLimits.maxPayload,
            extensions: [.perMessageDeflate(limitedTo: WSLimits.maxPayload)],
            autoPing: .enabled(timePeriod: .seconds(30)))
        var server: HTTPServerBuilder = .http1WebSocketUpgrade(
            webSocketRouter: wsRouter, configuration: HTTP1WebSocketUpgradeChannel.Configuration(ws: wsConfig))
        if let cert = options.tlsCertPath, let key = options.tlsKeyPath {
            server = try .tls(server, tlsConfiguration: try Self.tlsConfiguration(cert: cert, key: key))
        }
        let configuration = ApplicationConfiguration(
            address: .hostname(options.host, port: options.port), serverName: nil)
        let logger = logger
        let built = server
        let responder = HeadAsGetResponder(inner: router.buildResponder())
        return { continuation in
            Application(
                responder: responder, server: built, configuration: configuration,
                onServerRunning: { channel in
                    continuation.yield(channel.localAddress?.port ?? 0)
                }, logger: logger)
        }
    }

    private func registerRoutes(_ router: Router<ServerRequestContext>, tmuxAvailable: Bool) {
        HealthRoutes(services: services, tmuxAvailable: tmuxAvailable).register(on: router)
        // The stand-in for an upstream server has no metrics and no journal: their absence is what
        // tells claudepm.
        if !options.upstreamCompat {
            MetricsRoutes(services: services, metrics: metrics).register(on: router)
            JournalRoutes(services: services).register(on: router)
        }
        ProjectRoutes(services: services).register(on: router)
        SessionRoutes(services: services).register(on: router)
        SessionPaneRoutes(services: services).register(on: router)
        TicketRoutes(services: services).register(on: router)
        TicketFileRoutes(services: services).register(on: router)
        NotificationRoutes(services: services).register(on: router)
        HookRoutes(services: services).register(on: router)
    }

    static func tlsConfiguration(cert: String, key: String) throws -> TLSConfiguration {
        let chain = try NIOSSLCertificate.fromPEMFile(cert).map { NIOSSLCertificateSource.certificate($0) }
        let privateKey = try NIOSSLPrivateKey(file: key, format: .pem)
        return TLSConfiguration.makeServerConfiguration(certificateChain: chain, privateKey: .privateKey(privateKey))
    }
}
