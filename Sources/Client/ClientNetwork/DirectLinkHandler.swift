// The frame side of a DirectLink, added to the pipeline once the upgrade succeeded: data frames
// are joined into messages (LinkFrameCollator) and handed to the owner right here, on the
// socket's event loop; pings are answered; the close handshake runs both ways (RFC 6455 §5.5.1,
// §7): a close from the server is echoed, a close of ours waits up to three seconds for the
// echo before the socket closes. Frames from this client are masked by the encoder. With
// permessage-deflate negotiated, a message whose first frame has RSV1 set is inflated once
// joined, and messages sent are deflated (`LinkDeflate`); any other reserved bit, or RSV1 on a
// control or continuation frame, is a protocol error.

import CompressNIO
import NIOCore
import NIOWebSocket

/// Handles one DirectLink's frames on its event loop.
final class DirectLinkHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    /// How long a close of ours waits for the server's close frame.
    static let closeTimeout = TimeAmount.seconds(3)

    private let events: DirectLink.Events
    private let deflate: LinkDeflate?
    /// The message being joined came compressed (its first frame had RSV1).
    private var compressed = false
    private var collator = LinkFrameCollator(maxSize: WebSocketLink.maxMessageSize)
    private var context: ChannelHandlerContext?
    private var closeCode: UInt16?
    private var closeReason = ""
    private var sentClose = false

    init(events: DirectLink.Events, deflate: LinkDeflate? = nil) {
        self.events = events
        self.deflate = deflate
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        let bound = NIOLoopBound(self, eventLoop: context.eventLoop)
        let channel = context.channel
        events.opened(
            LinkWriter(
                send: { text in
                    try await channel.eventLoop.flatSubmit { bound.value.send(text, on: channel.eventLoop) }.get()
                },
                close: {
                    try? await channel.eventLoop.flatSubmit {
                        bound.value.close(code: .normalClosure) ?? channel.eventLoop.makeSucceededVoidFuture()
                    }.get()
                }))
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = Self.unwrapInboundIn(data)
        let starts = frame.opcode == .text || frame.opcode == .binary
        guard frame.reservedBits.isEmpty || (deflate != nil && starts && frame.reservedBits == .rsv1) else {
            close(code: .protocolError)
            return
        }
        switch frame.opcode {
        case .text, .binary, .continuation:
            if starts { compressed = frame.rsv1 }
            let part: LinkFrameCollator.Part = starts ? .first : .continuation
            switch collator.take(part, frame.unmaskedData, fin: frame.fin) {
            case .pending: break
            case .message(let buffer): deliver(buffer)
            case .protocolError: close(code: .protocolError)
            case .tooLarge: close(code: .messageTooLarge)
            }
        case .ping:
            guard !sentClose else { return }
            write(WebSocketFrame(fin: true, opcode: .pong, maskKey: .random(), data: frame.unmaskedData))
        case .pong: break
        case .connectionClose: received(close: frame.unmaskedData)
        default: close(code: .protocolError)
        }
    }

    /// Hands a joined message to the owner, inflated first when it came compressed.
    private func deliver(_ buffer: ByteBuffer) {
        guard compressed, let deflate else {
            events.message(LinkMessage(buffer))
            return
        }
        do {
            events.message(LinkMessage(try deflate.inflate(buffer, maxSize: WebSocketLink.maxMessageSize)))
        } catch {
            let tooLarge = (error as? CompressNIOError) == .bufferOverflow
            close(code: tooLarge ? .messageTooLarge : .dataInconsistentWithMessage)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        events.closed(LinkClose(code: closeCode, reason: closeReason, neverOpened: false))
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if closeCode == nil, closeReason.isEmpty { closeReason = RESTClient.describe(error) }
        context.close(promise: nil)
    }

    /// Sends one text message (fails once the close handshake started).
    func send(_ text: String, on loop: any EventLoop) -> EventLoopFuture<Void> {
        guard let context, !sentClose else { return loop.makeFailedFuture(ChannelError.ioOnClosedChannel) }
        var buffer = context.channel.allocator.buffer(string: text)
        var rsv1 = false
        do {
            if let compressed = try deflate?.deflate(buffer) { (buffer, rsv1) = (compressed, true) }
        } catch {
            close(code: .unexpectedServerError)
            return loop.makeFailedFuture(error)
        }
        let promise = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(
            Self.wrapOutboundOut(
                WebSocketFrame(fin: true, rsv1: rsv1, opcode: .text, maskKey: .random(), data: buffer)),
            promise: promise)
        return promise.futureResult
    }

    /// Starts the close handshake with `code`; the socket closes when the server answers, or
    /// after `closeTimeout`. The future completes once the close frame is written (at once if
    /// the handshake had already started).
    @discardableResult
    func close(code: WebSocketErrorCode) -> EventLoopFuture<Void>? {
        guard let context, !sentClose else { return nil }
        sentClose = true
        var payload = context.channel.allocator.buffer(capacity: 2)
        payload.write(webSocketErrorCode: code)
        let channel = context.channel
        context.eventLoop.scheduleTask(in: Self.closeTimeout) { channel.close(promise: nil) }
        let frame = WebSocketFrame(fin: true, opcode: .connectionClose, maskKey: .random(), data: payload)
        return context.writeAndFlush(Self.wrapOutboundOut(frame))
    }

    /// The server's close frame: echo its code (if this side has not closed yet), then close.
    private func received(close payload: ByteBuffer) {
        var payload = payload
        let code = payload.readWebSocketErrorCode()
        closeCode = code.map { UInt16(webSocketErrorCode: $0) }
        closeReason = payload.readString(length: payload.readableBytes) ?? ""
        guard let context else { return }
        if !sentClose {
            sentClose = true
            var echo = context.channel.allocator.buffer(capacity: 2)
            if let code { echo.write(webSocketErrorCode: code) }
            let channel = context.channel
            context.writeAndFlush(
                Self.wrapOutboundOut(
                    WebSocketFrame(fin: true, opcode: .connectionClose, maskKey: .random(), data: echo))
            ).whenComplete { _ in channel.close(promise: nil) }
        } else {
            context.close(promise: nil)
        }
    }

    private func write(_ frame: WebSocketFrame) {
        context?.writeAndFlush(Self.wrapOutboundOut(frame), promise: nil)
    }
}
