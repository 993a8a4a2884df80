// A TCP listener on 127.0.0.1 that never accepts: the kernel completes each handshake into the
// backlog and takes the request's bytes, and nothing ever answers (a frozen server, or a proxy
// whose backend hangs). What a client's own timeouts must notice.
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Listens at a free loopback port and never answers.
///
/// `@unchecked Sendable`: the descriptor never changes after `init`.
public final class SilentListener: @unchecked Sendable {
    /// The port it listens on.
    public let port: UInt16
    private let fd: Int32

    /// Starts listening.
    public init() throws {
        (fd, port) = try TCPTestClient.listeningSocket()
    }

    deinit { close(fd) }
}
