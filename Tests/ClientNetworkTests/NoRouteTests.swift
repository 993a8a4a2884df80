// A connect that finds no route is told apart from other failures, with the error NIO really
// gives: inside a network namespace of the test's own with only loopback up (no route to
// anywhere else), an event loop whose thread lives there connects to an outside address and
// fails for want of a route, and to a closed loopback port and is refused. The link's close
// then says so (`LinkClose.noRoute`), which makes the connection machines pause their retries.
import ClientCore
import Foundation
import NIOCore
import NIOPosix
import TestSupport
import Testing

@testable import ClientNetwork

#if canImport(Glibc)
    import Glibc
#endif

/// What the test needs to enter a namespace of its own.
enum NoRouteNamespace {
    static var available: Bool {
        getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/sbin/ip") && setns != nil
    }

    /// glibc's setns(2) (not exported to Swift by the Glibc module).
    static let setns: (@convention(c) (Int32, Int32) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "setns") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
    }()
}

@Suite(.enabled(if: NoRouteNamespace.available, "needs root and ip(8)"))
struct NoRouteTests {
    @Test func aConnectWithNoRouteIsToldApartFromARefusedOne() async throws {
        let name = "cpm-nr-\(UUID().uuidString.prefix(8).lowercased())"
        try #require(try await Subprocess.run(["/usr/sbin/ip", "netns", "add", name], environment: [:]).status == 0)
        defer { Self.deleteNamespace(name) }
        _ = try await Subprocess.run(["/usr/sbin/ip", "-n", name, "link", "set", "lo", "up"], environment: [:])
        // Threads inherit the namespace of the thread that makes them: the group's loop is inside.
        let group = try await offPool { () throws -> MultiThreadedEventLoopGroup in
            let fd = open("/run/netns/\(name)", O_RDONLY | O_CLOEXEC)
            guard fd >= 0, NoRouteNamespace.setns?(fd, 0x4000_0000) == 0 else { throw NoRouteTestError.cannotEnter }
            close(fd)
            return MultiThreadedEventLoopGroup(numberOfThreads: 1)
        }
        let unroutable = await Self.connectError(group, host: "10.203.0.1", port: 80)
        let refused = await Self.connectError(group, host: "127.0.0.1", port: 9)
        try await group.shutdownGracefully()
        let noRoute = try #require(unroutable, "a connect with no route succeeded")
        #expect(NoRoute.matches(noRoute), "not seen as no route: \(noRoute)")
        let refusal = try #require(refused, "a connect to a closed port succeeded")
        #expect(!NoRoute.matches(refusal), "a refusal seen as no route: \(refusal)")
        let linkClose = await WebSocketLink.failed(
            noRoute, server: ServerConfig(name: "far", url: ServerConfig.defaultURL), tls: nil, opened: false)
        #expect(linkClose.noRoute && linkClose.reason == NoRoute.detail)
        #expect(linkClose.failure?.offlineReason == "no route")
    }

    private static func deleteNamespace(_ name: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/sbin/ip")
        process.arguments = ["netns", "del", name]
        guard (try? process.run()) != nil else { return }
        process.waitUntilExit()
    }

    private static func connectError(
        _ group: MultiThreadedEventLoopGroup, host: String, port: Int
    ) async -> (
        any Error
    )? {
        do {
            let channel = try await ClientBootstrap(group: group).connect(host: host, port: port).get()
            try? await channel.close()
            return nil
        } catch {
            return error
        }
    }
}

enum NoRouteTestError: Error { case cannotEnter }
