// permessage-deflate with the message limit kept as a size limit. The library's extension stops
// inflating a frame at its limit and throws zlib's buffer overflow, which the WebSocket handler
// answers with 1011 (server error), while an uncompressed message over the limit is closed with
// 1009 (too big). This builder wraps the library's: a frame that inflates past the limit is
// refused as an oversized frame, so the client gets 1009 either way. Nothing else changes
// (negotiation, compression of what the server sends, other inflate errors).
import CompressNIO
import HummingbirdWSCompression
import HummingbirdWebSocket
import NIOWebSocket

extension WebSocketExtensionFactory {
    /// permessage-deflate whose inflated frames over `limit` bytes close the socket with 1009.
    static func perMessageDeflate(limitedTo limit: Int) -> WebSocketExtensionFactory {
        let inner = WebSocketExtensionFactory.perMessageDeflate(maxDecompressedFrameSize: limit)
        return WebSocketExtensionFactory { InflateLimitBuilder(inner: inner.build()) }
    }
}

/// Negotiates exactly as the wrapped builder; wraps the server side's extension.
struct InflateLimitBuilder: WebSocketExtensionBuilder {
    static let name = "permessage-deflate"
    let inner: any WebSocketExtensionBuilder

    func clientRequestHeader() -> String { inner.clientRequestHeader() }

    func serverReponseHeader(to request: WebSocketExtensionHTTPParameters) -> String? {
        inner.serverReponseHeader(to: request)
    }

    func serverExtension(from request: WebSocketExtensionHTTPParameters) throws -> (any WebSocketExtension)? {
        try inner.serverExtension(from: request).map { InflateLimit(inner: $0) }
    }

    func clientExtension(from request: WebSocketExtensionHTTPParameters) throws -> (any WebSocketExtension)? {
        try inner.clientExtension(from: request)
    }
}

/// The wrapped extension: an inflate that hits the limit is an oversized frame (1009).
struct InflateLimit: WebSocketExtension {
    let inner: any WebSocketExtension

    var name: String { inner.name }
    var reservedBits: WebSocketFrame.ReservedBits { inner.reservedBits }

    func processReceivedFrame(
        _ frame: WebSocketFrame, context: WebSocketExtensionContext
    ) async throws
        -> WebSocketFrame
    {
        do {
            return try await inner.processReceivedFrame(frame, context: context)
        } catch let error as CompressNIOError where error == .bufferOverflow {
            throw NIOWebSocketError.invalidFrameLength
        }
    }

    func processFrameToSend(
        _ frame: WebSocketFrame, context: WebSocketExtensionContext
    ) async throws
        -> WebSocketFrame
    {
        try await inner.processFrameToSend(frame, context: context)
    }

    func shutdown() async { await inner.shutdown() }
}
