// The WebSocket's life in the server's log (opened, closed with how long and why; never the key)
// and permessage-deflate: negotiated when a client offers it, absent when it does not (upstream
// clients that offer nothing see the handshake they always saw), and a compressed exchange works.
import Foundation
import HTTPTypes
import Logging
import Synchronization
import TestSupport
import Testing
import WSClient
import WSCompression

@testable import ServerHTTP

@Suite("WebSocket lifecycle and compression")
struct WebSocketLifecycleTests {
    static let key = "k" + String(repeating: "2468013579", count: 4)

    @Test func openAndCloseAreLoggedWithoutTheKey() async throws {
        let capture = LogCapture()
        try await TestServer.with(apiKey: Self.key, trustLoopback: false, logger: capture.logger) { s in
            try await withWS(s.wsURL + "life?apiKey=\(Self.key)") { ws in
                _ = try await ws.inbox.next("agent:snapshot")
            }
            let closed = await eventually { capture.lines.contains { $0.contains("WebSocket closed") } }
            #expect(closed)
        }
        let lines = capture.lines
        let opened = lines.filter { $0.contains("WebSocket opened") }
        #expect(opened.count == 1)
        #expect(opened.first?.hasPrefix("info ") == true && opened.first?.contains("path=/life ") == true)
        let closed = lines.filter { $0.contains("WebSocket closed") }
        #expect(closed.count == 1)
        #expect(closed.first?.contains("reason=closed by peer") == true)
        #expect(closed.first?.contains("peer=127.0.0.1:") == true)
        for line in lines { #expect(!line.contains(Self.key), "\(line)") }
    }

    static func upgrade(port: Int, offer: String?) async throws -> RawHTTP.Reply {
        var headers = [
            ("Upgrade", "websocket"), ("Connection", "Upgrade"), ("Sec-WebSocket-Version", "13"),
            ("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="),
        ]
        if let offer { headers.append(("Sec-WebSocket-Extensions", offer)) }
        return try await RawHTTP.exchange(port: port, "GET", "/", headers: headers, headersOnly: true)
    }

    @Test func deflateIsNegotiatedOnlyWhenOffered() async throws {
        try await TestServer.with { s in
            let offered = try await Self.upgrade(port: s.port, offer: "permessage-deflate; client_max_window_bits")
            #expect(offered.status == 101)
            #expect(offered.header("Sec-WebSocket-Extensions")?.hasPrefix("permessage-deflate") == true)
            let plain = try await Self.upgrade(port: s.port, offer: nil)
            #expect(plain.status == 101)
            #expect(plain.header("Sec-WebSocket-Extensions") == nil)
        }
    }

    @Test func aCompressedExchangeCarriesLargeMessages() async throws {
        try await TestServer.with { s in
            let config = WebSocketClientConfiguration(
                maxFrameSize: 1 << 22, extensions: [.perMessageDeflate(maxDecompressedFrameSize: 1 << 22)])
            let got = Mutex<[String]>([])
            _ = try await WebSocketClient.connect(url: s.wsURL, configuration: config, logger: Logger(label: "t")) {
                inbound, outbound, _ in
                // A 40 KB message of repeated text (deflates to a few hundred bytes) is refused
                // as invalid content, proving the server inflated and parsed it.
                let padding = String(repeating: "compress me ", count: 3_400)
                try await outbound.write(.text(#"{"type":"session:subscribe","payload":{"x":"\#(padding)"}}"#))
                for try await message in inbound.messages(maxSize: 1 << 22) {
                    guard case .text(let text) = message else { continue }
                    got.withLock { $0.append(text) }
                    if text.contains(#""type":"error""#) { break }
                }
                try? await outbound.close(.normalClosure, reason: nil)
            }
            let texts = got.withLock { $0 }
            #expect(texts.first?.contains("agent:snapshot") == true)
            #expect(texts.contains { $0.contains(#""type":"error""#) && $0.contains("INVALID_MESSAGE") })
        }
    }

    @Test func aCompressedMessageThatInflatesPastTheLimitClosesWith1009() async throws {
        try await TestServer.with { s in
            let config = WebSocketClientConfiguration(
                maxFrameSize: 1 << 22, extensions: [.perMessageDeflate(maxDecompressedFrameSize: 1 << 22)])
            let snapshot = Mutex(false)
            let close = try await WebSocketClient.connect(
                url: s.wsURL, configuration: config, logger: Logger(label: "t")
            ) { inbound, outbound, _ in
                var messages = inbound.messages(maxSize: 1 << 22).makeAsyncIterator()
                if case .text(let text)? = try await messages.next() {
                    snapshot.withLock { $0 = text.contains("agent:snapshot") }
                }
                // 100,000 bytes of one letter deflate to about a hundred: small on the wire, over
                // the 65,536-byte limit once inflated.
                try await outbound.write(.text(String(repeating: "x", count: 100_000)))
                while try await messages.next() != nil {}
            }
            #expect(snapshot.withLock { $0 })
            #expect(close?.closeCode == .messageTooLarge, "\(String(describing: close))")
        }
    }
}
