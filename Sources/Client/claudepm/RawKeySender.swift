// Sends raw text (no Enter) to a session over a short-lived WebSocket: subscribe, wait for
// `subscribed` (the server rejects session:keys before it), send `session:keys`, close.

import ClaudePMProtocol
import ClientNetwork
import Foundation
import Synchronization

enum RawKeySender {
    static func send(_ text: String, to sessionId: String, connection: Connection) async throws {
        let outcome = Mutex<String?>(nil)
        let current = Mutex<LinkWriter?>(nil)
        let close = await WebSocketLink.run(server: connection.server, apiKey: connection.apiKey, tls: connection.tls) {
            event in
            switch event {
            case .opened(let writer):
                await Self.write(.subscribe(sessionId: sessionId), writer)
                current.withLock { $0 = writer }
            case .message(let frame):
                guard let message = try? ServerMessage.decode(Data(frame.text.utf8)) else { return }
                switch message {
                case .subscribed(let payload) where payload.sessionId == sessionId:
                    guard let writer = current.withLock({ $0 }) else { return }
                    await Self.write(.keys(sessionId: sessionId, keys: text), writer)
                    outcome.withLock { $0 = "" }
                    await writer.close()
                case .error(let payload):
                    outcome.withLock { $0 = payload.message }
                    await current.withLock({ $0 })?.close()
                default: break
                }
            }
        }
        switch outcome.withLock({ $0 }) {
        case ""?: return
        case let message?:
            throw ClientNetworkError.rejected(server: connection.server.name, status: 0, message: message)
        case nil:
            if close.code == 4001 {
                let name = connection.server.name
                throw connection.apiKey == nil
                    ? ClientNetworkError.authMissing(server: name) : ClientNetworkError.authRejected(server: name)
            }
            throw ClientNetworkError.unreachable(server: connection.server.name, detail: close.reason)
        }
    }

    private static func write(_ message: ClientMessage, _ writer: LinkWriter) async {
        guard let data = try? message.encoded() else { return }
        try? await writer.send(String(decoding: data, as: UTF8.self))
    }
}
