// The one error enum of ServerHTTP: failures the executable turns into a sentence and an exit code.
import Foundation
import NIOCore

/// Why the HTTP/WebSocket server could not run.
public enum ServerHTTPError: Error, Equatable, Sendable {
    /// Another process listens on `host`:`port` (EADDRINUSE on bind).
    case addressInUse(host: String, port: Int)

    /// `error` as an `addressInUse` for `host`:`port` if it is a bind EADDRINUSE, else `error`.
    static func classify(_ error: any Error, host: String, port: Int) -> any Error {
        guard let io = error as? IOError, io.errnoCode == EADDRINUSE else { return error }
        return ServerHTTPError.addressInUse(host: host, port: port)
    }
}
