// A network change triggers a reconnect attempt: the route watcher sees a link appear, and the
// network backend then tries every server that is down at once instead of at its next scheduled
// try. It watches a network namespace the test creates (`ip netns add`), so the host's network is
// never touched: the watcher's netlink socket is opened on a thread that entered that namespace.
import ClientCore
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

    /// On a thread that enters namespace `name`, runs `body` (netlink sockets opened there watch it).
    static func inNamespace<T: Sendable>(_ name: String, _ body: @escaping @Sendable () -> T) async -> T? {
        await offPool { () -> T? in
            let fd = open("/run/netns/\(name)", O_RDONLY | O_CLOEXEC)
            guard fd >= 0, NetnsSupport.setnsFunction?(fd, Self.cloneNewNet) == 0 else { return nil }
            close(fd)
            return body()
        }
    }

    @Test func aNetworkChangeMakesTheBackendTryAServerThatIsDownAtOnce() async throws {
        let name = "cpm-rc-\(UUID().uuidString.prefix(8).lowercased())"
        try #require(await offPool { NetnsSupport.ip(["netns", "add", name]) } == 0)
        defer { _ = NetnsSupport.ip(["netns", "del", name]) }
        // Every attempt reaches a listener that reads the upgrade and closes: the link fails at
        // once and the next try is ten minutes away.
        let attempts = Mutex(0)
        let listener = try TCPEchoServer(reply: { _ in
            attempts.withLock { $0 += 1 }
            return []
        })
        var connection = ConnectionMachine.Configuration()
        connection.backoff = Backoff(initial: .seconds(600), maximum: .seconds(600), jitter: 0)
        let url = URL(string: "http://127.0.0.1:\(listener.port)") ?? ServerConfig.defaultURL
        let queue = try EventQueue<RuntimeEvent>()
        let backend = NetworkBackend(
            servers: [RuntimeServer(config: ServerConfig(name: "down", url: url))], queue: queue, environment: [:],
            connection: connection)
        let entered = await Self.inNamespace(name) { () -> Bool in
            backend.start()
            return true
        }
        try #require(entered == true, "could not enter the namespace")
        let heard = Mutex<[String]>([])
        let waiting = await eventually(within: 60) {
            heard.withLock { $0 += queue.drain().map { "\($0)" } }
            return attempts.withLock { $0 } == 1 && heard.withLock { $0.contains { $0.contains("reconnecting at") } }
        }
        try #require(waiting, "the first attempt did not fail into its backoff: \(heard.withLock { $0 })")
        let added = await offPool {
            NetnsSupport.ip(["netns", "exec", name, "ip", "link", "add", "v0", "type", "veth", "peer", "name", "v1"])
        }
        try #require(added == 0)
        let retried = await eventually(within: 60) { attempts.withLock { $0 } >= 2 }
        await backend.stop()
        #expect(retried, "the network change did not make the backend try the server (next try in 10 min)")
    }
}
