// One WebSocket connection to a Claude PM server, as a sequence of events handed to a callback
// that runs on the caller's task (so decoding happens there, never on the UI loop). The URL
// carries `?apiKey=` when a key is configured, so it is never logged or put in an error. Frame
// and inflate limits are well above common 16 KiB defaults: screen snapshots and `pty:output`
// bursts are larger. Every link is a `DirectLink`; this is its async face, for the event socket
// and the command line.

import ClientCore
import Foundation
import NIOCore
import NIOPosix
import Synchronization

/// What happens on a link.
public enum LinkEvent: Sendable {
    /// The handshake completed; send through this writer.
    case opened(LinkWriter)
    /// A whole message arrived (text or binary: both are read as UTF-8).
    case message(LinkMessage)
}

/// How a link ended.
public struct LinkClose: Sendable, Equatable {
    /// The close code the server sent, if any.
    public var code: UInt16?
    /// The close reason text, or a description of the transport error.
    public var reason: String
    /// True when the socket never opened (refused, TLS failure, upgrade rejected).
    public var neverOpened: Bool
    /// The transport error in words, when there was one (a TLS failure names the certificate's
    /// fingerprint and the fix).
    public var failure: ClientNetworkError? = nil
    /// True when the socket could not open for want of a route to the server (NoRoute).
    public var noRoute = false
}

/// Sends on an open link.
public struct LinkWriter: Sendable {
    private let sendText: @Sendable (String) async throws -> Void
    private let startClose: @Sendable () async -> Void

    init(send: @escaping @Sendable (String) async throws -> Void, close: @escaping @Sendable () async -> Void) {
        sendText = send
        startClose = close
    }

    /// Sends one text message.
    public func send(_ text: String) async throws {
        try await sendText(text)
    }

    /// Starts a normal close.
    public func close() async {
        await startClose()
    }
}

/// Opens WebSocket connections with the project's limits.
public enum WebSocketLink {
    /// The largest message accepted from the server.
    public static let maxMessageSize = 1 << 24

    /// Whether links to `server` offer permessage-deflate: only off loopback, unless
    /// `compressesOnLoopback`. Over a real link the event socket's JSON lists and the terminal
    /// streams shrink about tenfold (docs/performance.md, Compression); on loopback deflating and
    /// inflating every frame is CPU on both sides for no bytes saved.
    public static func offersCompression(to server: ServerConfig) -> Bool {
        !server.isLoopback || compressesOnLoopback.load(ordering: .relaxed)
    }

    /// Offer permessage-deflate on loopback too, so the path remote users take (a DirectLink with
    /// compression) runs where tests run: `CLAUDEPM_WS_COMPRESS=always` in the environment.
    public static let compressesOnLoopback = Atomic<Bool>(
        ProcessInfo.processInfo.environment["CLAUDEPM_WS_COMPRESS"] == "always")

    /// The WebSocket URL of `server` with the key in `?apiKey=` (URL-encoded) and then `query`.
    /// Never log it.
    public static func url(for server: ServerConfig, apiKey: APIKey?, query: [URLQueryItem] = []) -> String {
        var components = URLComponents(url: server.webSocketURL, resolvingAgainstBaseURL: false)
        let items = (apiKey.map { [URLQueryItem(name: "apiKey", value: $0.value)] } ?? []) + query
        if !items.isEmpty { components?.queryItems = items }
        // URLQueryItem leaves '+' and '&' alone in some cases; encode them so the key survives.
        let encoded = components?.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        components?.percentEncodedQuery = encoded
        return components?.url?.absoluteString ?? server.webSocketURL.absoluteString
    }

    /// Connects, reports events to `onEvent` until the link ends, and returns how it ended.
    /// `compress`: offer permessage-deflate (the server may accept it); by default only off
    /// loopback (`offersCompression`). `eventLoop`: the loop the socket runs on (one of NIO's
    /// shared group when nil). Cancelling the calling task closes the link.
    public static func run(
        server: ServerConfig, apiKey: APIKey?, tls: ResolvedTLS?, compress: Bool? = nil,
        eventLoop: (any EventLoop)? = nil, query: [URLQueryItem] = [],
        onEvent: @escaping @Sendable (LinkEvent) async -> Void
    ) async -> LinkClose {
        let (steps, continuation) = AsyncStream<DirectStep>.makeStream()
        let events = DirectLink.Events(
            opened: { continuation.yield(.opened($0)) },
            message: { continuation.yield(.message($0)) },
            closed: {
                continuation.yield(.closed($0))
                continuation.finish()
            })
        let handle = DirectLink.start(
            server: server, apiKey: apiKey, tls: tls, loop: eventLoop ?? MultiThreadedEventLoopGroup.singleton.next(),
            query: query, compress: compress ?? offersCompression(to: server), events: events)
        return await withTaskCancellationHandler {
            for await step in steps {
                switch step {
                case .opened(let writer): await onEvent(.opened(writer))
                case .message(let message): await onEvent(.message(message))
                case .closed(let close): return close
                }
            }
            return LinkClose(code: nil, reason: "cancelled", neverOpened: true)
        } onCancel: {
            handle.cancel()
        }
    }

    /// A step of a DirectLink, as `run` hears it.
    private enum DirectStep: Sendable {
        case opened(LinkWriter)
        case message(LinkMessage)
        case closed(LinkClose)
    }

    /// How a link that failed with `error` ended, in words: a TLS failure names the
    /// certificate's fingerprint and the fix (`TLSDiagnosis`), anything else the transport error.
    static func failed(_ error: any Error, server: ServerConfig, tls: ResolvedTLS?, opened: Bool) async -> LinkClose {
        guard TLSDiagnosis.isTLS(error) else {
            let noRoute = NoRoute.matches(error)
            let detail = noRoute ? NoRoute.detail : RESTClient.describe(error)
            return LinkClose(
                code: nil, reason: detail, neverOpened: !opened,
                failure: .unreachable(server: server.name, detail: detail), noRoute: noRoute)
        }
        let failure = await TLSDiagnosis.explain(server, trusted: tls?.trustedFingerprint, detail: "\(error)")
        return LinkClose(code: nil, reason: failure.description, neverOpened: !opened, failure: failure)
    }
}
