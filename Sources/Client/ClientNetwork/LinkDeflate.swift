// permessage-deflate (RFC 7692) for a DirectLink: the offer the client makes, the server's
// answer read into parameters, and the per-message compression both ways, on the link's event
// loop with CompressNIO's zlib streams (raw deflate). A message is compressed as one block
// flushed with Z_SYNC_FLUSH whose last four bytes (00 00 ff ff) are dropped on the wire and put
// back before inflating; a side that asked for no context takeover starts each message afresh.
// Messages shorter than `minimumSize` go out uncompressed (RSV1 clear), as RFC 7692 allows.

import CompressNIO
import Foundation
import NIOCore

/// The negotiated permessage-deflate of one link.
final class LinkDeflate {
    /// What the server's `Sec-WebSocket-Extensions` answer says.
    struct Parameters: Equatable {
        /// The server compresses with at most this window (`server_max_window_bits`).
        var serverWindowBits = 15
        /// The client compresses with at most this window (`client_max_window_bits`).
        var clientWindowBits = 15
        /// The server starts each message afresh (`server_no_context_takeover`).
        var serverNoContextTakeover = false
        /// The client must start each message afresh (`client_no_context_takeover`).
        var clientNoContextTakeover = false
    }

    /// Why an answer cannot be used: the link must fail (RFC 6455 §4.1).
    struct Refusal: Error, Equatable, CustomStringConvertible {
        /// In words.
        var detail: String

        var description: String { "unusable WebSocket extension: \(detail)" }
    }

    /// The `Sec-WebSocket-Extensions` value the client offers (no parameters: the server picks).
    static let offer = "permessage-deflate"
    /// Messages shorter than this are sent uncompressed.
    static let minimumSize = 256

    let parameters: Parameters
    private let compressor: ZlibCompressor
    private let decompressor: ZlibDecompressor

    /// The extension the server's answer agreed to: nil when it agreed to none, a `Refusal`
    /// when it names an extension or a parameter this client did not offer (nothing, unless
    /// `offered`) or cannot use.
    static func negotiated(_ header: String?, offered: Bool = true) throws -> LinkDeflate? {
        guard let header, !header.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        guard offered else { throw Refusal(detail: "the server answered an extension that was not offered: \(header)") }
        let offers = header.split(separator: ",", omittingEmptySubsequences: true)
        guard offers.count == 1, let only = offers.first else {
            throw Refusal(detail: "the server answered more than one extension: \(header)")
        }
        return try LinkDeflate(parameters: parse(only))
    }

    /// The parameters of one extension in the answer.
    static func parse(_ text: Substring) throws -> Parameters {
        let parts = text.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.first?.lowercased() == "permessage-deflate" else {
            throw Refusal(detail: "the server answered an extension that was not offered: \(text)")
        }
        var parameters = Parameters()
        var seen: Set<String> = []
        for part in parts.dropFirst() {
            let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            let name = pair[0].lowercased()
            let value = pair.count > 1 ? pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")) : nil
            guard seen.insert(name).inserted else { throw Refusal(detail: "\(name) given twice") }
            switch (name, value) {
            case ("server_no_context_takeover", nil): parameters.serverNoContextTakeover = true
            case ("client_no_context_takeover", nil): parameters.clientNoContextTakeover = true
            case ("server_max_window_bits", let bits?): parameters.serverWindowBits = try windowBits(name, bits)
            case ("client_max_window_bits", let bits?): parameters.clientWindowBits = try windowBits(name, bits)
            default: throw Refusal(detail: "unusable permessage-deflate parameter \(part)")
            }
        }
        return parameters
    }

    /// A window size of 9–15 bits (zlib's raw deflate cannot use 8).
    private static func windowBits(_ name: String, _ text: String) throws -> Int {
        guard let bits = Int(text), (8...15).contains(bits) else { throw Refusal(detail: "\(name)=\(text)") }
        return max(bits, 9)
    }

    init(parameters: Parameters) throws {
        self.parameters = parameters
        compressor = try ZlibCompressor(
            algorithm: .deflate,
            configuration: ZlibConfiguration(windowSize: Int32(parameters.clientWindowBits)))
        decompressor = try ZlibDecompressor(algorithm: .deflate, windowSize: Int32(parameters.serverWindowBits))
    }

    /// The compressed form of a message to send, nil when it is too short to be worth it.
    func deflate(_ message: ByteBuffer) throws -> ByteBuffer? {
        guard message.readableBytes >= Self.minimumSize else { return nil }
        var input = message
        var output = try input.compressStream(with: compressor, flush: .sync, allocator: ByteBufferAllocator())
        if parameters.clientNoContextTakeover { try compressor.reset() }
        output.moveWriterIndex(to: max(output.readerIndex, output.writerIndex - 4))
        return output
    }

    /// The message a compressed message stands for; throws when it is corrupt or inflates past
    /// `maxSize` bytes.
    func inflate(_ message: ByteBuffer, maxSize: Int) throws -> ByteBuffer {
        var input = message
        input.writeBytes([0, 0, 0xFF, 0xFF])
        let output = try input.decompressStream(with: decompressor, maxSize: maxSize, allocator: ByteBufferAllocator())
        if parameters.serverNoContextTakeover { try decompressor.reset() }
        return output
    }
}
