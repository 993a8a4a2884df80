// A TCP forwarder on loopback that can stall: `stall()` stops moving bytes in both directions
// while every socket stays open, which is exactly what a client sees of a half-open link or of a
// server that stopped answering (no FIN, no RST, just silence). `resume()` moves bytes again,
// new connections included. One thread accepts; two threads pump each connection with poll().
// Every byte moved is kept, per connection and direction (`bytes(connection:fromClient:)`), for
// tests that read the wire: a close frame's code, a compressed frame's RSV1 bit.

import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A stallable loopback TCP forwarder for half-open link tests.
///
/// `@unchecked Sendable`: the mutable state (`stalled`, `closed`, `sockets`, `pumpsEnded`,
/// `listenerOpen`) is only touched
/// under `lock`; the threads read the flags through `isStalled` / `isClosed`.
public final class StallProxy: @unchecked Sendable {
    /// The port clients connect to (on 127.0.0.1).
    public let port: Int
    private let targetPort: Int
    private let listener: Int32
    private let lock = NSLock()
    private var stalled = false
    private var closed = false
    private var sockets: [Int32] = []
    private var pumpsEnded: [Int32: Int] = [:]
    private var listenerOpen = true
    /// The bytes each connection moved, in accept order: client to target, target to client.
    private var moved: [(fromClient: [UInt8], toClient: [UInt8])] = []

    /// Listens on a free loopback port and forwards every connection to `127.0.0.1:targetPort`.
    public init(targetPort: Int) throws {
        self.targetPort = targetPort
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EMFILE) }
        var address = Self.loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 64) == 0 else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// How many connections were accepted and forwarded.
    public var connectionCount: Int { lock.withLock { moved.count } }

    /// The bytes connection `index` (in accept order) moved so far, in one direction.
    public func bytes(connection index: Int, fromClient: Bool) -> [UInt8] {
        lock.withLock {
            guard moved.indices.contains(index) else { return [] }
            return fromClient ? moved[index].fromClient : moved[index].toClient
        }
    }

    /// Stops forwarding; sockets stay open and unread bytes wait in the kernel.
    public func stall() { lock.withLock { stalled = true } }

    /// Forwards again.
    public func resume() { lock.withLock { stalled = false } }

    /// Stops accepting and shuts every connection down; once only (the deinit calls it again).
    /// Nothing here closes a descriptor: the accept thread closes the listener and the pumps close
    /// their sockets, each exactly once. A second close, or a shutdown after the close, would hit
    /// whatever socket got the number next (it once was NIO's: `getsockname` EBADF, a crash).
    public func stop() {
        lock.withLock {
            guard !closed else { return }
            closed = true
            if listenerOpen { shutdown(listener, Int32(SHUT_RDWR)) }
            for fd in sockets { shutdown(fd, Int32(SHUT_RDWR)) }
        }
    }

    deinit { stop() }

    private var isStalled: Bool { lock.withLock { stalled } }
    private var isClosed: Bool { lock.withLock { closed } }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }

    private func acceptLoop() {
        defer {
            lock.withLock {
                listenerOpen = false
                close(listener)
            }
        }
        while !isClosed {
            let client = accept(listener, nil, nil)
            guard client >= 0 else {
                if errno == EINTR { continue }
                return
            }
            let upstream = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = Self.loopback(port: targetPort)
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(upstream, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard connected == 0 else {
                close(client)
                close(upstream)
                continue
            }
            let index = lock.withLock {
                sockets += [client, upstream]
                moved.append(([], []))
                return moved.count - 1
            }
            let pair = (client, upstream)
            Thread.detachNewThread { [self] in
                pump(from: client, to: upstream) { bytes in lock.withLock { moved[index].fromClient += bytes } }
                finished(pair)
            }
            Thread.detachNewThread { [self] in
                pump(from: upstream, to: client) { bytes in lock.withLock { moved[index].toClient += bytes } }
                finished(pair)
            }
        }
    }

    /// Closes a connection's two sockets once both of its pumps have ended.
    private func finished(_ pair: (Int32, Int32)) {
        // Closed under the lock, so that `stop` never shuts down a number already reused.
        lock.withLock {
            pumpsEnded[pair.0, default: 0] += 1
            guard pumpsEnded[pair.0] == 2 else { return }
            pumpsEnded[pair.0] = nil
            sockets.removeAll { $0 == pair.0 || $0 == pair.1 }
            close(pair.0)
            close(pair.1)
        }
    }

    /// Copies `source` to `destination` until either end closes; while stalled, reads nothing.
    private func pump(from source: Int32, to destination: Int32, record: ([UInt8]) -> Void) {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        defer { shutdown(destination, Int32(SHUT_WR)) }
        while !isClosed {
            if isStalled {
                usleep(20_000)
                continue
            }
            var poller = pollfd(fd: source, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, 50)
            if ready == 0 || (ready < 0 && errno == EINTR) || isStalled { continue }
            guard ready > 0 else { return }
            let count = read(source, &buffer, buffer.count)
            guard count > 0 else { return }
            record(Array(buffer[0..<count]))
            var offset = 0
            while offset < count {
                // send(MSG_NOSIGNAL): a peer that went away must end the pump, not SIGPIPE the tests.
                let written = buffer[offset..<count].withUnsafeBytes {
                    send(destination, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
                }
                guard written > 0 else { return }
                offset += written
            }
        }
    }
}
