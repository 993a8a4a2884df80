// Convenience for the network layer: the PTY machine event a decoded frame means, if any
// (`pty:output` is not an event: its bytes go straight to the terminal emulator).

import ClaudePMProtocol

extension PTYEvent {
    /// `pty:attached`, `pty:exit` and `error` as machine events; nil for other messages.
    public static func received(_ message: ServerMessage) -> PTYEvent? {
        switch message {
        case .ptyAttached(let payload): return .attached(cols: payload.cols, rows: payload.rows)
        case .ptyExit(let payload): return .exited(code: payload.exitCode)
        case .error(let payload): return .serverError(code: payload.code.rawValue, message: payload.message)
        default: return nil
        }
    }
}
