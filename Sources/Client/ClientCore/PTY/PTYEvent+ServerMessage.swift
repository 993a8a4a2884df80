// Convenience for the network layer: the PTY machine event a decoded frame means. Feed it for
// every frame (liveness); the bytes of `pty:output` also go straight to the terminal emulator.

import ClaudePMProtocol

extension PTYEvent {
    /// `pty:attached`, `pty:exit`, `error` and `pong` as their events; anything else as
    /// `.frameReceived`.
    public static func received(_ message: ServerMessage) -> PTYEvent {
        switch message {
        case .ptyAttached(let payload): return .attached(cols: payload.cols, rows: payload.rows)
        case .ptyExit(let payload): return .exited(code: payload.exitCode)
        case .error(let payload): return .serverError(code: payload.code.rawValue, message: payload.message)
        case .pong: return .pongReceived
        default: return .frameReceived
        }
    }
}
