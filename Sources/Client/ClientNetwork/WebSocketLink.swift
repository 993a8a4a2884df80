// One WebSocket connection to a Claude PM server, as a sequence of events handed to a callback
// that runs on the socket's own task (so decoding happens there, never on the UI loop). The
// URL carries `?apiKey=` when a key is configured, so it is never logged or put in an error.
// Frame and deflate limits are raised well above WSClient's 16 KiB defaults: screen snapshots
// and `pty:output` bursts are larger. Used by the event socket and by PTY streams that offer
// permessage-deflate; a PTY stream without it is a DirectLink (frames handled where they are read).

import ClientCore
import Foundation
import HTTPTypes
import Logging
import NIOCore
import NIOPosix
import Synchronization
import WSClient
import WSCompression

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
}

/// Sends on an open link (a `WebSocketLink` or a `DirectLink`).
public struct LinkWriter: Sendable {
    private let sendText: @Sendable (String) async throws -> Void
    private let startClose: @Sendable () async -> Void

    init(send: @escaping @Sendable (String) async throws -> Void, close: @escaping @Sendable () async -> Void) {
        sendText = send
        startClose = close
    }

    init(outbound: WebSocketOutboundWriter) {
        self.init(
            send: { try await outbound.write(.text($0)) },
            close: { try? await outbound.close(.normalClosure, reason: nil) })
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

    /// Offer permessage-deflate on loopback too, so the path remote users take (WSClient with
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
    /// `compress`: offer permessage-deflate (the server may accept it). `eventLoop`: the loop the
    /// socket runs on (any of NIO's shared group when nil). Cancelling the calling task closes
    /// the link.
    public static func run(
        server: ServerConfig, apiKey: APIKey?, tls: ResolvedTLS?, compress: Bool = true,
        eventLoop: (any EventLoop)? = nil, query: [URLQueryItem] = [],
        onEvent: @escaping @Sendable (LinkEvent) async -> Void
    ) async -> LinkClose {
        var headers = HTTPFields()
        if let apiKey, let name = HTTPField.Name("X-API-Key") { headers[name] = apiKey.value }
        let configuration = WebSocketClientConfiguration(
            maxFrameSize: maxMessageSize, additionalHeaders: headers,
            extensions: compress ? [.perMessageDeflate(maxDecompressedFrameSize: maxMessageSize)] : [],
            closeTimeout: .seconds(3), autoPing: .disabled, sniHostname: tls?.sniHostname)
        let opened = OpenFlag()
        do {
            let frame = try await WebSocketClient.connect(
                url: url(for: server, apiKey: apiKey, query: query), configuration: configuration,
                tlsConfiguration: tls?.configuration,
                eventLoopGroup: eventLoop ?? MultiThreadedEventLoopGroup.singleton, logger: quietLogger
            ) { inbound, outbound, _ in
                opened.set()
                await onEvent(.opened(LinkWriter(outbound: outbound)))
                var collator = LinkFrameCollator(maxSize: maxMessageSize)
                for try await frame in inbound {
                    let part: LinkFrameCollator.Part = frame.opcode == .continuation ? .continuation : .first
                    switch collator.take(part, frame.data, fin: frame.fin) {
                    case .pending: continue
                    case .message(let buffer): await onEvent(.message(LinkMessage(buffer)))
                    case .protocolError:
                        try? await outbound.close(.protocolError, reason: nil)
                        return
                    case .tooLarge:
                        try? await outbound.close(.messageTooLarge, reason: nil)
                        return
                    }
                }
            }
            let code = frame.map { UInt16(webSocketErrorCode: $0.closeCode) }
            return LinkClose(code: code, reason: frame?.reason ?? "", neverOpened: !opened.isSet)
        } catch {
            return await failed(error, server: server, tls: tls, opened: opened.isSet)
        }
    }

    /// How a link that failed with `error` ended, in words: a TLS failure names the
    /// certificate's fingerprint and the fix (`TLSDiagnosis`), anything else the transport error.
    static func failed(_ error: any Error, server: ServerConfig, tls: ResolvedTLS?, opened: Bool) async -> LinkClose {
        guard TLSDiagnosis.isTLS(error) else {
            let detail = RESTClient.describe(error)
            return LinkClose(
                code: nil, reason: detail, neverOpened: !opened,
                failure: .unreachable(server: server.name, detail: detail))
        }
        let failure = await TLSDiagnosis.explain(server, trusted: tls?.trustedFingerprint, detail: "\(error)")
        return LinkClose(code: nil, reason: failure.description, neverOpened: !opened, failure: failure)
    }

    static let quietLogger = Logger(label: "claudepm.websocket") { _ in SwiftLogNoOpLogHandler() }
}

/// A flag set once from the socket task and read after it ends.
final class OpenFlag: Sendable {
    private let storage = Mutex(false)

    func set() { storage.withLock { $0 = true } }
    var isSet: Bool { storage.withLock { $0 } }
}
