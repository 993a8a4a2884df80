// A WebSocket test client over WSClient: sends frames, collects received messages in an inbox,
// and reports the close frame.
import Foundation
import HTTPTypes
import Logging
import NIOCore
import Synchronization
import WSClient

@testable import ServerHTTP

/// Messages received so far.
final class WSInbox: Sendable {
    private let items = Mutex<[AnyJSON]>([])
    private let consumed = Mutex<Int>(0)

    private let closedFlag = Mutex(false)
    private let texts = Mutex<[String]>([])

    func push(_ m: AnyJSON) { items.withLock { $0.append(m) } }

    /// Records a text frame exactly as received.
    func pushRaw(_ text: String) { texts.withLock { $0.append(text) } }

    /// Every text frame received so far, as sent by the server.
    var rawTexts: [String] { texts.withLock { $0 } }

    func markClosed() { closedFlag.withLock { $0 = true } }

    /// Waits until the server ends the stream.
    func waitClosed(within seconds: Double = 30) async throws {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if closedFlag.withLock({ $0 }) { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw TestFailure("socket not closed within \(seconds)s")
    }

    var all: [AnyJSON] { items.withLock { $0 } }

    /// The next not-yet-consumed message of `type` (skipping others), waiting up to `seconds`.
    func next(_ type: String, within seconds: Double = 30) async throws -> AnyJSON {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let found: AnyJSON? = consumed.withLock { start in
                let all = items.withLock { $0 }
                guard start < all.count,
                    let i = all[start...].firstIndex(where: { $0["type"]?.stringValue == type })
                else { return nil }
                start = i + 1
                return all[i]
            }
            if let found { return found }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw TestFailure("no \(type) within \(seconds)s; got \(all.compactMap { $0["type"]?.stringValue })")
    }
}

/// One test connection.
struct WSTestConnection: Sendable {
    let outbound: WebSocketOutboundWriter
    let inbox: WSInbox

    func send(_ text: String) async throws { try await outbound.write(.text(text)) }

    func send(_ type: String, _ payload: String) async throws {
        try await send(#"{"type":"\#(type)","payload":\#(payload)}"#)
    }
}

extension Result where Failure == any Error {
    init(catching body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}

/// Connects to `url`, runs `body`, then closes; returns the server's close frame, if any.
@discardableResult
func withWS(
    _ url: String, headers: [String: String] = [:], _ body: @escaping @Sendable (WSTestConnection) async throws -> Void
) async throws -> WebSocketCloseFrame? {
    var fields = HTTPFields()
    for (k, v) in headers { if let name = HTTPField.Name(k) { fields[name] = v } }
    let config = WebSocketClientConfiguration(maxFrameSize: 1 << 22, additionalHeaders: fields)
    return try await WebSocketClient.connect(url: url, configuration: config, logger: Logger(label: "ws-test")) {
        inbound, outbound, _ in
        let inbox = WSInbox()
        let pump = Task {
            defer { inbox.markClosed() }
            for try await message in inbound.messages(maxSize: 1 << 22) {
                guard case .text(let t) = message else { continue }
                inbox.pushRaw(t)
                if let json = AnyJSON.parse(Data(t.utf8)) { inbox.push(json) }
            }
        }
        let outcome = await Result(catching: { try await body(WSTestConnection(outbound: outbound, inbox: inbox)) })
        // Close and let the pump see the end of the stream, so only one reader ever iterates it.
        // A server that never answers the close would hold the test (and the suite) forever:
        // after 15 s that is a failure instead.
        try? await outbound.close(.normalClosure, reason: nil)
        do {
            try await inbox.waitClosed(within: 15)
        } catch {
            pump.cancel()
            try outcome.get()
            throw TestFailure("the server did not answer the close handshake within 15 s")
        }
        _ = await pump.result
        try outcome.get()
    }
}
