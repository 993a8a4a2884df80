// Request contexts that remember the TCP peer, for the upstream's loopback trust rule.
import Hummingbird
import HummingbirdWebSocket
import NIOCore

/// The HTTP request context: the core storage plus the peer address.
public struct ServerRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The TCP peer.
    public let remoteAddress: SocketAddress?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}

/// The WebSocket upgrade context: as above, plus the WebSocket handler reference.
public struct ServerWSContext: RequestContext, WebSocketRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let webSocket: WebSocketHandlerReference<ServerWSContext>
    /// The TCP peer.
    public let remoteAddress: SocketAddress?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        webSocket = .init()
        remoteAddress = source.channel.remoteAddress
    }
}

/// Upstream's notion of a local peer: 127.*, ::1, ::ffff:127.*.
enum Loopback {
    static func isLoopback(_ address: SocketAddress?) -> Bool {
        guard let ip = address?.ipAddress else { return false }
        return ip.hasPrefix("127.") || ip == "::1" || ip.hasPrefix("::ffff:127.") || ip == "localhost"
    }
}
