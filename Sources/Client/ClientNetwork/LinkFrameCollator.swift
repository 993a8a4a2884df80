// Joins a link's data frames into whole messages (RFC 6455 §5.4) without turning text into a
// String (WSCore's `messages(maxSize:)` does, for every frame). Pure: the link feeds it frames
// and acts on what it returns.

import NIOCore

/// Collates data frames into messages of at most `maxSize` bytes.
struct LinkFrameCollator {
    /// A data frame's place in a message.
    enum Part: Sendable {
        /// A text or binary frame: the start of a message.
        case first
        /// A continuation frame.
        case continuation
    }

    /// What a frame completes.
    enum Outcome: Equatable, Sendable {
        /// Nothing yet (a fragment of a longer message).
        case pending
        /// A whole message.
        case message(ByteBuffer)
        /// The peer broke the protocol: close the link with a protocol error (1002).
        case protocolError
        /// The message outgrew `maxSize`: close the link as too big (1009).
        case tooLarge
    }

    let maxSize: Int
    private var fragments: ByteBuffer?

    init(maxSize: Int) {
        self.maxSize = maxSize
    }

    /// Takes the next data frame (control frames never get here).
    mutating func take(_ part: Part, _ data: ByteBuffer, fin: Bool) -> Outcome {
        switch part {
        case .first:
            guard fragments == nil else { return .protocolError }
            guard data.readableBytes <= maxSize else { return .tooLarge }
            if fin { return .message(data) }
            fragments = data
            return .pending
        case .continuation:
            guard var buffer = fragments else { return .protocolError }
            guard buffer.readableBytes + data.readableBytes <= maxSize else {
                fragments = nil
                return .tooLarge
            }
            var data = data
            buffer.writeBuffer(&data)
            guard fin else {
                fragments = buffer
                return .pending
            }
            fragments = nil
            return .message(buffer)
        }
    }
}
