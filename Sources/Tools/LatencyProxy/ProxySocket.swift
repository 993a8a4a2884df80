// The few POSIX socket calls the proxy needs: listen on and connect to IPv4 loopback (or any
// IPv4 address), with TCP_NODELAY so that the proxy adds only the delay it is told to.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Errors of the latency proxy.
public enum ProxyError: Error, Equatable, Sendable {
    /// A socket call failed with this errno.
    case socket(call: String, errno: Int32)
}

enum ProxySocket {
    static func address(host: String, port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr(host)
        return address
    }

    /// A listening socket on `host`:`port` (0: any free port) and the port it got.
    static func listen(host: String, port: UInt16) throws -> (fd: Int32, port: UInt16) {
        let fd = try make()
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = address(host: host, port: port)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(fd, raw, length) == 0 && getsockname(fd, raw, &length) == 0
            }
        }
        guard bound, Glibc.listen(fd, 64) == 0 else { throw fail("bind/listen", fd) }
        return (fd, UInt16(bigEndian: address.sin_port))
    }

    /// A connected socket to `host`:`port`.
    static func connect(host: String, port: UInt16) throws -> Int32 {
        let fd = try make()
        var address = address(host: host, port: port)
        let result = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else { throw fail("connect", fd) }
        noDelay(fd)
        return fd
    }

    static func noDelay(_ fd: Int32) {
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    }

    /// Closes with a reset (SO_LINGER 0): the peer sees the connection drop, not a clean end.
    static func reset(_ fd: Int32) {
        var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        shutdown(fd, Int32(SHUT_RDWR))
    }

    private static func make() throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ProxyError.socket(call: "socket", errno: errno) }
        return fd
    }

    private static func fail(_ call: String, _ fd: Int32) -> ProxyError {
        let code = errno
        close(fd)
        return ProxyError.socket(call: call, errno: code)
    }
}
