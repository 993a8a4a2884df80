// Counts the processes one process starts, however short-lived: the kernel's process events
// connector (netlink, NETLINK_CONNECTOR / CN_IDX_PROC, needs root) reports every fork with the
// parent's and the child's pid and thread-group id. Sampling /proc would miss tmux clients that
// live a few milliseconds. Threads (child pid ≠ child tgid) are not counted.
import Foundation
import Synchronization

/// Counts processes forked by `parent` while it runs.
final class ForkCounter: Sendable {
    private struct State {
        var forks = 0
        var overruns = 0
        var stopped = false
    }

    private let fd: Int32
    private let parent: Int32
    private let state = Mutex(State())

    private static let netlinkConnector: Int32 = 11
    private static let procEventsGroup: UInt32 = 1
    private static let forkEvent: UInt32 = 1

    private init(fd: Int32, parent: Int32) {
        self.fd = fd
        self.parent = parent
    }

    /// Starts listening; fails when the connector is unavailable (not root, or no CONFIG_PROC_EVENTS).
    static func start(parent: Int32) -> Result<ForkCounter, BenchError> {
        let fd = socket(AF_NETLINK, Int32(SOCK_DGRAM.rawValue), netlinkConnector)
        guard fd >= 0 else { return .failure(.setup("netlink connector socket: errno \(errno)")) }
        var size: Int32 = 8 << 20
        setsockopt(fd, SOL_SOCKET, SO_RCVBUFFORCE, &size, socklen_t(MemoryLayout<Int32>.size))
        var timeout = timeval(tv_sec: 0, tv_usec: 200_000)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        // struct sockaddr_nl: family (u16), pad (u16), pid (u32: 0 = the kernel picks), groups (u32).
        var address = [UInt8](repeating: 0, count: 12)
        withUnsafeBytes(of: UInt16(AF_NETLINK).littleEndian) { address.replaceSubrange(0..<2, with: $0) }
        withUnsafeBytes(of: procEventsGroup.littleEndian) { address.replaceSubrange(8..<12, with: $0) }
        let bound = address.withUnsafeBytes {
            bind(fd, $0.baseAddress?.assumingMemoryBound(to: sockaddr.self), socklen_t(12))
        }
        guard bound == 0, send(fd, listenMessage(), 40, 0) == 40 else {
            close(fd)
            return .failure(.setup("netlink process events: errno \(errno)"))
        }
        let counter = ForkCounter(fd: fd, parent: parent)
        counter.startReader()
        return .success(counter)
    }

    /// nlmsghdr (16 bytes) + cn_msg (20 bytes) + PROC_CN_MCAST_LISTEN (u32).
    private static func listenMessage() -> [UInt8] {
        var bytes: [UInt8] = []
        func put32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
        func put16(_ value: UInt16) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
        put32(40)
        put16(3)  // NLMSG_DONE
        put16(0)
        put32(0)
        put32(UInt32(getpid()))
        put32(1)  // CN_IDX_PROC
        put32(1)  // CN_VAL_PROC
        put32(0)
        put32(0)
        put16(4)
        put16(0)
        put32(1)  // PROC_CN_MCAST_LISTEN
        return bytes
    }

    /// Processes forked by the parent so far, and how often the kernel dropped events for us
    /// (ENOBUFS: the count is then a lower bound).
    var counts: (forks: Int, overruns: Int) { state.withLock { ($0.forks, $0.overruns) } }

    /// Stops listening (the reader thread closes the socket within 200 ms).
    func stop() { state.withLock { $0.stopped = true } }

    private func startReader() {
        let thread = Thread { [self] in
            var buffer = [UInt8](repeating: 0, count: 16_384)
            while !state.withLock({ $0.stopped }) {
                let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                if count < 0 {
                    if errno == ENOBUFS { state.withLock { $0.overruns += 1 } }
                    continue
                }
                let forks = Self.forks(in: buffer[0..<count], parent: parent)
                if forks > 0 { state.withLock { $0.forks += forks } }
            }
            close(fd)
        }
        thread.stackSize = 256 * 1024
        thread.start()
    }

    /// Fork events of `parent`'s processes in one datagram (one or more netlink messages).
    private static func forks(in datagram: ArraySlice<UInt8>, parent: Int32) -> Int {
        var found = 0
        var offset = datagram.startIndex
        while offset + 68 <= datagram.endIndex {
            let length = Int(word(datagram, offset))
            guard length >= 16 else { break }
            // proc_event after nlmsghdr (16) + cn_msg (20): what (u32), cpu, timestamp (u64), data.
            let event = offset + 36
            if word(datagram, event) == forkEvent, Int32(bitPattern: word(datagram, event + 20)) == parent,
                word(datagram, event + 24) == word(datagram, event + 28)
            {
                found += 1
            }
            offset += (length + 3) & ~3
        }
        return found
    }

    private static func word(_ bytes: ArraySlice<UInt8>, _ at: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 | UInt32(bytes[at + $1]) << (8 * $1) }
    }
}
