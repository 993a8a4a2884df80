// A WebSocket server on loopback that plays a script to each client and records every frame it
// gets back (opcode, whether it was masked, payload): what a link does with pings, fragments,
// close codes and refused upgrades, seen from the wire. Built from NIO's own server upgrader, not
// from the link under test.

import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket
import Synchronization
import TestSupport

/// A scripted WebSocket server for link tests.
final class ScriptedWebSocketServer: Stoppable {
    /// One step of the script, played when a client's upgrade completes.
    enum Step: Sendable {
        /// A whole text message.
        case text(String)
        /// A text message sent as these fragments.
        case fragments([String])
        /// A ping with this payload.
        case ping(String)
        /// A close frame with this code and reason.
        case close(UInt16, String)
        /// A text message of this many bytes, in fragments of at most 1 MiB.
        case big(Int)
        /// A text message flagged as compressed (RSV1), which no extension was agreed for.
        case flaggedRSV1(String)
    }

    /// A frame the server received.
    struct Received: Sendable, Equatable {
        var opcode: WebSocketOpcode
        var masked: Bool
        var payload: [UInt8]

        /// The payload as text.
        var text: String { String(decoding: payload, as: UTF8.self) }
        /// The close code of a close frame.
        var closeCode: UInt16? {
            guard opcode == .connectionClose, payload.count >= 2 else { return nil }
            return UInt16(payload[0]) << 8 | UInt16(payload[1])
        }
    }

    /// What the server got: frames and upgrade requests.
    final class Recorder: Sendable {
        let frames = Mutex<[Received]>([])
        let requests = Mutex<[HTTPRequestHead]>([])
    }

    /// The port it listens on.
    let port: Int
    private let channel: any Channel
    private let recorder = Recorder()

    /// Starts a server that plays `script` to every client; `refuseUpgrade`: answer the upgrade
    /// request with an error instead.
    init(script: [Step], refuseUpgrade: Bool = false) async throws {
        let recorder = self.recorder
        let upgrader = NIOWebSocketServerUpgrader(
            maxFrameSize: 1 << 24,
            shouldUpgrade: { channel, head in
                recorder.requests.withLock { $0.append(head) }
                return channel.eventLoop.makeSucceededFuture(refuseUpgrade ? nil : HTTPHeaders())
            },
            upgradePipelineHandler: { channel, _ in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ScriptHandler(script: script, recorder: recorder))
                }
            })
        channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.pipeline.configureHTTPServerPipeline(
                    withServerUpgrade: (
                        upgraders: [upgrader],
                        completionHandler: { context in context.pipeline.removeHandler(name: "forbidden", promise: nil)
                        }
                    )
                ).flatMapThrowing {
                    try channel.pipeline.syncOperations.addHandler(ForbiddenHandler(), name: "forbidden")
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        port = channel.localAddress?.port ?? 0
    }

    /// The frames received so far, in order.
    var received: [Received] { recorder.frames.withLock { $0 } }

    /// The upgrade requests received so far.
    var upgradeRequests: [HTTPRequestHead] { recorder.requests.withLock { $0 } }

    /// Stops listening.
    func stop() async {
        try? await channel.close()
    }
}

/// Plays the script on one upgraded connection and records what comes back; echoes a client's
/// close frame and then closes, as RFC 6455 asks.
private final class ScriptHandler: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    let script: [ScriptedWebSocketServer.Step]
    let recorder: ScriptedWebSocketServer.Recorder
    private var closing = false

    init(script: [ScriptedWebSocketServer.Step], recorder: ScriptedWebSocketServer.Recorder) {
        self.script = script
        self.recorder = recorder
    }

    func handlerAdded(context: ChannelHandlerContext) {
        for step in script { play(step, context: context) }
    }

    private func play(_ step: ScriptedWebSocketServer.Step, context: ChannelHandlerContext) {
        let allocator = context.channel.allocator
        switch step {
        case .text(let text): send(.text, allocator.buffer(string: text), context: context)
        case .fragments(let parts):
            for (index, part) in parts.enumerated() {
                let frame = WebSocketFrame(
                    fin: index == parts.count - 1, opcode: index == 0 ? .text : .continuation,
                    data: allocator.buffer(string: part))
                context.writeAndFlush(Self.wrapOutboundOut(frame), promise: nil)
            }
        case .ping(let text): send(.ping, allocator.buffer(string: text), context: context)
        case .flaggedRSV1(let text):
            let frame = WebSocketFrame(fin: true, rsv1: true, opcode: .text, data: allocator.buffer(string: text))
            context.writeAndFlush(Self.wrapOutboundOut(frame), promise: nil)
        case .close(let code, let reason):
            closing = true
            var payload = allocator.buffer(capacity: 2 + reason.utf8.count)
            payload.writeInteger(code)
            payload.writeString(reason)
            send(.connectionClose, payload, context: context)
        case .big(let count):
            let chunk = 1 << 20
            var sent = 0
            while sent < count {
                let size = min(chunk, count - sent)
                let frame = WebSocketFrame(
                    fin: sent + size == count, opcode: sent == 0 ? .text : .continuation,
                    data: allocator.buffer(repeating: UInt8(ascii: "x"), count: size))
                context.writeAndFlush(Self.wrapOutboundOut(frame), promise: nil)
                sent += size
            }
        }
    }

    private func send(_ opcode: WebSocketOpcode, _ data: ByteBuffer, context: ChannelHandlerContext) {
        context.writeAndFlush(Self.wrapOutboundOut(WebSocketFrame(fin: true, opcode: opcode, data: data)), promise: nil)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = Self.unwrapInboundIn(data)
        let payload = Array(frame.unmaskedData.readableBytesView)
        recorder.frames.withLock {
            $0.append(.init(opcode: frame.opcode, masked: frame.maskKey != nil, payload: payload))
        }
        guard frame.opcode == .connectionClose else { return }
        if closing {
            context.close(promise: nil)
        } else {
            closing = true
            let echo = WebSocketFrame(fin: true, opcode: .connectionClose, data: frame.unmaskedData)
            let channel = context.channel
            context.writeAndFlush(Self.wrapOutboundOut(echo)).whenComplete { _ in channel.close(promise: nil) }
        }
    }
}

/// Answers a request that was not upgraded with 403 and closes.
private final class ForbiddenHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .end = Self.unwrapInboundIn(data) else { return }
        let head = HTTPResponseHead(version: .http1_1, status: .forbidden, headers: ["Content-Length": "0"])
        context.write(Self.wrapOutboundOut(.head(head)), promise: nil)
        let channel = context.channel
        context.writeAndFlush(Self.wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
    }
}
