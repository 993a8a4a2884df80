// Whether a connect failed for want of a route: the kernel has no route to the server's address
// (ENETUNREACH: no link up, no default route — a laptop off its network). Retrying such a
// failure cannot help until a route appears, which the route watcher sees, so the connection
// machines pause instead of spending attempts (ConnectionMachine, PTYConnectionMachine).
import NIOCore
import NIOPosix

#if canImport(Glibc)
    import Glibc
#endif

/// Tells a failure for want of a route from other connect failures.
enum NoRoute {
    /// The words for it, in a link's close reason and the log.
    static let detail = "no route to the server (network unreachable)"

    /// True when `error` is a connect that found no route: the system call's own error, or
    /// NIO's failure of every address it tried, each for want of a route.
    static func matches(_ error: any Error) -> Bool {
        if let io = error as? IOError { return io.errnoCode == ENETUNREACH }
        if let connection = error as? NIOConnectionError {
            let failures = connection.connectionErrors
            return !failures.isEmpty && failures.allSatisfy { matches($0.error) }
        }
        return false
    }
}
