// Frames into messages (RFC 6455 §5.4): a frame with FIN is a message; fragments are joined in
// order; a continuation with nothing to continue, or a new message inside a fragmented one, is
// a protocol error; a message over the limit, whole or once joined, is too large.
import NIOCore
import Testing

@testable import ClientNetwork

@Suite struct LinkFrameCollatorTests {
    private static func bytes(_ text: String) -> ByteBuffer { ByteBuffer(string: text) }

    @Test func aFinalFrameIsAMessageAndFragmentsAreJoinedInOrder() {
        var collator = LinkFrameCollator(maxSize: 100)
        #expect(collator.take(.first, Self.bytes("whole"), fin: true) == .message(Self.bytes("whole")))
        #expect(collator.take(.first, Self.bytes("ab"), fin: false) == .pending)
        #expect(collator.take(.continuation, Self.bytes("cd"), fin: false) == .pending)
        #expect(collator.take(.continuation, Self.bytes("ef"), fin: true) == .message(Self.bytes("abcdef")))
        #expect(collator.take(.first, Self.bytes("next"), fin: true) == .message(Self.bytes("next")))
    }

    @Test func continuationsOutOfPlaceAreProtocolErrors() {
        var collator = LinkFrameCollator(maxSize: 100)
        #expect(collator.take(.continuation, Self.bytes("x"), fin: true) == .protocolError)
        var fragmented = LinkFrameCollator(maxSize: 100)
        #expect(fragmented.take(.first, Self.bytes("a"), fin: false) == .pending)
        #expect(fragmented.take(.first, Self.bytes("b"), fin: true) == .protocolError)
    }

    @Test func messagesOverTheLimitAreTooLargeWholeOrJoined() {
        var collator = LinkFrameCollator(maxSize: 4)
        #expect(collator.take(.first, Self.bytes("abcd"), fin: true) == .message(Self.bytes("abcd")))
        #expect(collator.take(.first, Self.bytes("abcde"), fin: true) == .tooLarge)
        #expect(collator.take(.first, Self.bytes("abc"), fin: false) == .pending)
        #expect(collator.take(.continuation, Self.bytes("de"), fin: true) == .tooLarge)
    }

    @Test func aMessagesTextIsRepairedAndItsBytesAreNot() {
        var buffer = ByteBuffer()
        buffer.writeBytes([0x61, 0xFF, 0x62])
        let message = LinkMessage(buffer)
        #expect(message.text == "a\u{FFFD}b")
        #expect(message.withBytes { Array($0) } == [0x61, 0xFF, 0x62])
    }
}
