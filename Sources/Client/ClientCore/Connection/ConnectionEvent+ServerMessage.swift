// Convenience for the network layer: the event a decoded frame means to ConnectionMachine.

import ClaudePMProtocol

extension ConnectionEvent {
    /// `.pongReceived` for a `pong`, `.frameReceived` for anything else.
    public static func received(_ message: ServerMessage) -> ConnectionEvent {
        if case .pong = message { return .pongReceived }
        return .frameReceived
    }
}
