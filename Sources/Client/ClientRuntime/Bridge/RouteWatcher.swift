// Watches the network under the client (netlink: links, addresses, routes). When it changes (a
// laptop joins another Wi-Fi, a VPN comes up, a cable is plugged in) a server that is waiting out
// its backoff is worth trying at once instead of at its next scheduled try. Bursts of changes are
// coalesced into one call. Where netlink is unavailable, nothing is watched.
import CSupport
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Calls back once per burst of network changes until stopped.
final class RouteWatcher: Sendable {
    private let fd: Int32
    /// `stop()` writes to this pipe to wake the watching thread (no periodic wake-ups).
    private let wake: (read: Int32, write: Int32)
    private let stopped = Atomic<Bool>(false)

    /// Starts watching; nil when no netlink socket can be opened.
    init?(onChange: @escaping @Sendable () -> Void) {
        var ends: [Int32] = [-1, -1]
        let fd = csupport_route_socket()
        guard fd >= 0 else { return nil }
        guard pipe(&ends) == 0 else {
            close(fd)
            return nil
        }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        self.fd = fd
        wake = (ends[0], ends[1])
        let thread = Thread { [self] in run(onChange: onChange) }
        thread.name = "claudepm-routes"
        thread.stackSize = 256 * 1024
        thread.start()
    }

    /// Stops watching and closes the socket.
    func stop() {
        guard !stopped.exchange(true, ordering: .relaxed) else { return }
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
    }

    /// The wake pipe closes with the watcher, never with its thread: `stop()` may write to it
    /// after the thread ended on its own (stopped, or the socket failed), and a write to a closed
    /// descriptor lands in whatever file took its number (a socket, a pipe with no reader: SIGPIPE).
    deinit {
        close(wake.read)
        close(wake.write)
    }

    private func run(onChange: @Sendable () -> Void) {
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while wait(milliseconds: -1) {
            guard drain(&buffer) else { return }
            // More of the same change (address, then route) follows within moments: one call.
            while wait(milliseconds: 300) {
                guard drain(&buffer) else { return }
            }
            if !stopped.load(ordering: .relaxed) { onChange() }
        }
    }

    /// Whether the netlink socket became readable within `milliseconds` (-1: no limit); false as
    /// soon as `stop()` was called.
    private func wait(milliseconds: Int32) -> Bool {
        var descriptors = [
            pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            let ready = poll(&descriptors, 2, milliseconds)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0, descriptors[1].revents == 0, !stopped.load(ordering: .relaxed) else { return false }
            return descriptors[0].revents != 0
        }
    }

    /// Reads what is queued; false when the socket is gone.
    private func drain(_ buffer: inout [UInt8]) -> Bool {
        let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
        return count > 0 || (count < 0 && (errno == EAGAIN || errno == EINTR || errno == ENOBUFS))
    }
}
