// A network change triggers a reconnect attempt: the route watcher sees a link appear. It watches a
// network namespace the test creates (`ip netns add`), so the host's network is never touched: the
// watcher's netlink socket is opened on a thread that entered that namespace.
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import ClientRuntime

#if canImport(Glibc)
    import Glibc
#endif

/// What the test needs to make a namespace of its own and watch it.
enum NetnsSupport {
    static var canCreateNamespaces: Bool {
        getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/sbin/ip") && setnsFunction != nil
    }

    /// glibc's setns(2) (not exported to Swift by the Glibc module).
    static let setnsFunction: (@convention(c) (Int32, Int32) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "setns") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
    }()

    static func ip(_ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/sbin/ip")
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        return ChildWait.exitStatus(of: process)
    }
}

@Suite(.enabled(if: NetnsSupport.canCreateNamespaces, "needs root and ip(8)"))
struct RouteWatcherTests {
    /// CLONE_NEWNET from <sched.h> (not exported by the Glibc module either).
    static let cloneNewNet: Int32 = 0x4000_0000

    @Test func aLinkAppearingInTheNamespaceIsSeen() async throws {
        let name = "cpm-rt-\(UUID().uuidString.prefix(8).lowercased())"
        try #require(await offPool { NetnsSupport.ip(["netns", "add", name]) } == 0)
        defer { _ = NetnsSupport.ip(["netns", "del", name]) }
        let changes = Mutex(0)
        let watcher = await offPool { () -> RouteWatcher? in
            // This thread enters the namespace; the socket opened here watches it.
            let fd = open("/run/netns/\(name)", O_RDONLY | O_CLOEXEC)
            guard fd >= 0, NetnsSupport.setnsFunction?(fd, Self.cloneNewNet) == 0 else { return nil }
            close(fd)
            return RouteWatcher { changes.withLock { $0 += 1 } }
        }
        let routes = try #require(watcher, "no netlink socket in the namespace")
        defer { routes.stop() }
        #expect(changes.withLock { $0 } == 0)
        // A veth pair (this kernel has no dummy links) appears inside the namespace.
        let added = await offPool {
            NetnsSupport.ip(["netns", "exec", name, "ip", "link", "add", "v0", "type", "veth", "peer", "name", "v1"])
        }
        try #require(added == 0)
        #expect(await eventually { changes.withLock { $0 } >= 1 }, "the new link was not seen")
    }
}
