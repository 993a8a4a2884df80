// A TCP echo server (or one giving canned answers by request line) and a blocking loopback client
// with read timeouts: the two ends a LatencyProxy test puts the proxy between.
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Echoes every connection's bytes back, on 127.0.0.1 at a free port.
///
/// `@unchecked Sendable`: the descriptor never changes; threads only read it.
public final class TCPEchoServer: @unchecked Sendable {
    /// The port it listens on.
    public let port: UInt16
    private let fd: Int32

    /// Starts listening. With `answer`, each connection gets `answer` after its first read and is
    /// closed (a canned reply, e.g. an HTML page where an API was expected) instead of an echo.
    public convenience init(answer: [UInt8]? = nil) throws {
        var reply: (@Sendable (String) -> [UInt8])?
        if let answer { reply = { _ in answer } }
        try self.init(reply: reply)
    }

    /// Starts listening. With `reply`, each connection gets `reply(first read, as text)` and is
    /// closed (canned answers chosen by the request line) instead of an echo.
    public init(reply: (@Sendable (String) -> [UInt8])?) throws {
        (fd, port) = try TCPTestClient.listeningSocket()
        Thread { [fd] in
            while true {
                let connection = accept(fd, nil, nil)
                guard connection >= 0 else { return }
                Thread { Self.serve(connection, reply: reply) }.start()
            }
        }.start()
    }

    deinit {
        shutdown(fd, Int32(SHUT_RDWR))
        close(fd)
    }

    private static func serve(_ fd: Int32, reply: (@Sendable (String) -> [UInt8])?) {
        var buffer = [UInt8](repeating: 0, count: 16_384)
        if let reply {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            let answer = reply(String(decoding: buffer.prefix(max(0, count)), as: UTF8.self))
            _ = answer.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            close(fd)
            return
        }
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            _ = buffer.withUnsafeBytes { send(fd, $0.baseAddress, count, Int32(MSG_NOSIGNAL)) }
        }
        close(fd)
    }
}

/// A blocking TCP client for tests.
public final class TCPTestClient {
    private let fd: Int32

    /// Connects to 127.0.0.1:`port`.
    public init(port: UInt16) throws {
        fd = try Self.socketFD()
        var address = Self.loopback(port: port)
        let result = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            close(fd)
            throw POSIXError(.ECONNREFUSED)
        }
    }

    deinit { close(fd) }

    /// Sends `text`.
    public func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// What a read returned.
    public enum ReadResult: Equatable {
        /// Bytes arrived.
        case bytes(String)
        /// Nothing within the timeout.
        case timedOut
        /// The peer closed or reset the connection.
        case closed
    }

    /// Reads what arrives within `timeout`.
    public func read(timeout: Duration) -> ReadResult {
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let millis = Int32(timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)
        guard poll(&descriptor, 1, millis) > 0 else { return .timedOut }
        var buffer = [UInt8](repeating: 0, count: 16_384)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        return count > 0 ? .bytes(String(decoding: buffer[0..<count], as: UTF8.self)) : .closed
    }

    static func socketFD() throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EMFILE) }
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        return fd
    }

    /// A socket listening on 127.0.0.1 at a free port, and the port.
    static func listeningSocket() throws -> (fd: Int32, port: UInt16) {
        let fd = try socketFD()
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard bound, listen(fd, 16) == 0 else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        return (fd, UInt16(bigEndian: address.sin_port))
    }

    static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }
}
