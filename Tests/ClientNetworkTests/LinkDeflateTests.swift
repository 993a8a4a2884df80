// permessage-deflate on a DirectLink (RFC 7692): the server's answer is read into parameters and
// anything not offered fails the link; messages round-trip through raw deflate with the four
// flush bytes dropped on the wire; context takeover carries across messages unless the answer
// says otherwise; a message inflating past the limit is refused. On the handler: a compressed
// message (RSV1 on its first frame) is inflated once joined, RSV1 anywhere else is a protocol
// error, and what the client sends is compressed with RSV1 set once it is long enough.
import CompressNIO
import Foundation
import NIOCore
import NIOEmbedded
import NIOWebSocket
import Synchronization
import Testing

@testable import ClientNetwork

@Suite struct LinkDeflateTests {
    @Test func theAnswerIsReadIntoParameters() throws {
        #expect(try LinkDeflate.negotiated(nil) == nil)
        #expect(try LinkDeflate.negotiated("") == nil)
        #expect(try LinkDeflate.negotiated("permessage-deflate")?.parameters == LinkDeflate.Parameters())
        let answer = "permessage-deflate; server_no_context_takeover; client_max_window_bits=10"
        let parameters = try #require(try LinkDeflate.negotiated(answer)).parameters
        #expect(parameters.serverNoContextTakeover && !parameters.clientNoContextTakeover)
        #expect(parameters.clientWindowBits == 10 && parameters.serverWindowBits == 15)
        #expect(
            try LinkDeflate.negotiated("permessage-deflate; server_max_window_bits=\"8\"")?.parameters
                .serverWindowBits == 9, "zlib's raw deflate has no 8-bit window; 9 reads it")
    }

    @Test(arguments: [
        "x-webkit-deflate-frame", "permessage-deflate, permessage-deflate",
        "permessage-deflate; server_max_window_bits=16",
        "permessage-deflate; client_no_context_takeover; client_no_context_takeover", "permessage-deflate; colour=blue",
        "permessage-deflate; server_no_context_takeover=1",
    ])
    func anAnswerNotOfferedFailsTheLink(answer: String) {
        #expect(throws: LinkDeflate.Refusal.self) { try LinkDeflate.negotiated(answer) }
    }

    static func text(_ count: Int) -> ByteBuffer {
        ByteBuffer(string: String((0..<count).map { _ in "abcdefgh \u{1b}[31m".randomElement() ?? "a" }))
    }

    @Test func messagesRoundTripAndShareTheirContext() throws {
        let sender = try LinkDeflate(parameters: .init())
        let receiver = try LinkDeflate(parameters: .init())
        let message = Self.text(4000)
        let first = try #require(try sender.deflate(message))
        let second = try #require(try sender.deflate(message))
        #expect(first.readableBytes < message.readableBytes)
        #expect(second.readableBytes < first.readableBytes / 4, "the second refers back to the first")
        #expect(try receiver.inflate(first, maxSize: 1 << 20) == message)
        #expect(try receiver.inflate(second, maxSize: 1 << 20) == message)
        #expect(try sender.deflate(Self.text(10)) == nil, "a short message goes out as it is")
    }

    @Test func noContextTakeoverStartsEachMessageAfresh() throws {
        var fresh = LinkDeflate.Parameters()
        fresh.clientNoContextTakeover = true
        fresh.serverNoContextTakeover = true
        let sender = try LinkDeflate(parameters: fresh)
        let message = Self.text(4000)
        let first = try #require(try sender.deflate(message))
        let second = try #require(try sender.deflate(message))
        #expect(first == second, "nothing carried over")
        let receiver = try LinkDeflate(parameters: fresh)
        #expect(try receiver.inflate(second, maxSize: 1 << 20) == message)
        #expect(try receiver.inflate(first, maxSize: 1 << 20) == message)
    }

    @Test func aMessageInflatingPastTheLimitIsRefused() throws {
        let sender = try LinkDeflate(parameters: .init())
        let bomb = try #require(try sender.deflate(ByteBuffer(repeating: 0x41, count: 1 << 20)))
        let receiver = try LinkDeflate(parameters: .init())
        #expect(throws: CompressNIOError.bufferOverflow) { try receiver.inflate(bomb, maxSize: 1 << 16) }
    }
}

@Suite struct DeflatedDirectLinkHandlerTests {
    /// A handler on an embedded channel with permessage-deflate, and what it told its owner.
    final class Rig {
        /// What the handler told its owner.
        final class Heard: Sendable {
            let messages = Mutex<[String]>([])
            let writer = Mutex<LinkWriter?>(nil)
        }

        let channel = EmbeddedChannel()
        let heard = Heard()

        init() throws {
            let heard = heard
            let events = DirectLink.Events(
                opened: { link in heard.writer.withLock { $0 = link } },
                message: { message in heard.messages.withLock { $0.append(message.text) } },
                closed: { _ in })
            let handler = DirectLinkHandler(events: events, deflate: try LinkDeflate(parameters: .init()))
            try channel.pipeline.syncOperations.addHandler(handler)
        }

        var messages: [String] { heard.messages.withLock { $0 } }

        func receive(_ frame: WebSocketFrame) throws { try channel.writeInbound(frame) }

        /// The close code the handler sent, if it sent a close frame.
        func sentClose() throws -> WebSocketErrorCode? {
            while let frame = try channel.readOutbound(as: WebSocketFrame.self) {
                guard frame.opcode == .connectionClose else { continue }
                var data = frame.data  // an outbound frame's data is not masked yet (the encoder masks it)
                return data.readWebSocketErrorCode()
            }
            return nil
        }
    }

    @Test func aCompressedMessageIsInflatedOnceJoined() throws {
        let rig = try Rig()
        let text = String(repeating: "pty:output ", count: 100)
        var compressed = try #require(try LinkDeflate(parameters: .init()).deflate(ByteBuffer(string: text)))
        let half = compressed.readSlice(length: compressed.readableBytes / 2) ?? ByteBuffer()
        try rig.receive(WebSocketFrame(fin: false, rsv1: true, opcode: .text, data: half))
        try rig.receive(WebSocketFrame(fin: true, opcode: .continuation, data: compressed))
        try rig.receive(WebSocketFrame(fin: true, opcode: .text, data: ByteBuffer(string: "plain")))
        #expect(rig.messages == [text, "plain"])
        #expect(try rig.sentClose() == nil)
    }

    @Test(arguments: [
        WebSocketFrame(fin: true, rsv1: true, opcode: .ping, data: ByteBuffer()),
        WebSocketFrame(fin: true, rsv2: true, opcode: .text, data: ByteBuffer(string: "x")),
    ])
    func reservedBitsOutsideTheExtensionAreAProtocolError(frame: WebSocketFrame) throws {
        let rig = try Rig()
        try rig.receive(frame)
        #expect(try rig.sentClose() == .protocolError)
    }

    @Test func rsv1OnAContinuationIsAProtocolError() throws {
        let rig = try Rig()
        try rig.receive(WebSocketFrame(fin: false, opcode: .text, data: ByteBuffer(string: "a")))
        try rig.receive(WebSocketFrame(fin: true, rsv1: true, opcode: .continuation, data: ByteBuffer(string: "b")))
        #expect(try rig.sentClose() == .protocolError)
    }

    @Test func aCorruptCompressedMessageClosesWith1007() throws {
        let rig = try Rig()
        try rig.receive(
            WebSocketFrame(fin: true, rsv1: true, opcode: .text, data: ByteBuffer(bytes: [0xFF, 0xFF, 0xFF])))
        #expect(try rig.sentClose() == .dataInconsistentWithMessage)
        #expect(rig.messages.isEmpty)
    }

    @Test func whatTheClientSendsIsCompressedOnceLongEnough() throws {
        let rig = try Rig()
        #expect(rig.heard.writer.withLock { $0 } != nil, "opened")
        let handler = try rig.channel.pipeline.syncOperations.handler(type: DirectLinkHandler.self)
        let long = String(repeating: "{\"type\":\"pty:data\"} ", count: 40)
        _ = handler.send(long, on: rig.channel.eventLoop)
        _ = handler.send("short", on: rig.channel.eventLoop)
        let first = try #require(try rig.channel.readOutbound(as: WebSocketFrame.self))
        let second = try #require(try rig.channel.readOutbound(as: WebSocketFrame.self))
        #expect(first.rsv1 && first.data.readableBytes < long.utf8.count)
        #expect(
            try LinkDeflate(parameters: .init()).inflate(first.data, maxSize: 1 << 20)
                == ByteBuffer(string: long))
        #expect(!second.rsv1 && second.data == ByteBuffer(string: "short"))
    }
}
