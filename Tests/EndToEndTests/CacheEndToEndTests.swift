// Start from the local cache, as a person sees it: after one run against the demo server, the
// server stops answering (SIGSTOP: connections hang, like a server behind a dead link), and a new
// claudepm still lists the last known sessions in its first screens, with the server not online.
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite(
    "UI start from the cache", .serialized,
    .enabled(if: Binaries.serverHasDemo, "needs the full build with claudepm and claudepm-server --demo"))
struct CacheEndToEndTests {
    @Test("with the server not answering, a restart lists the last known sessions from the cache")
    func restartListsCachedSessions() async throws {
        try await UIWorld.with { world in
            try #require(await world.waitForSessions().ok, "the first run never listed the sessions")
            let state = world.server.directory.appendingPathComponent("home/.local/state/claudepm").path
            try #require(await Self.waitForSnapshot(under: state), "no snapshot saved under \(state)")
            try await world.quitAndExpectRestored()
            kill(world.server.pid, SIGSTOP)
            defer { kill(world.server.pid, SIGCONT) }
            let relaunch = "clear; '\(Binaries.path("claudepm"))' --url \(world.server.url); echo claudepm-exit=$?"
            try await world.tmux.type(relaunch)
            let cached = try await world.tmux.press("Enter", timeout: 30) { screen in
                screen.contains("SESSION") && DemoTickets.sessionKeys.allSatisfy { screen.contains($0) }
            }
            #expect(cached.ok, "the cached sessions were not listed:\n\(cached.screen)")
            #expect(!cached.screen.contains("online"), "the server cannot be online, it is stopped:\n\(cached.screen)")
            try await world.tmux.send(keys: "q")
            if await world.tmux.waitForScreen(timeout: 3, { $0.contains("Quit?") }).ok {
                try await world.tmux.send(keys: "y")
            }
            #expect(await world.tmux.waitForScreen { $0.contains("claudepm-exit=0") }.ok, "claudepm did not quit")
        }
    }

    @Test("two servers on one host: pointed at B, never A's sessions; with nothing listening, nothing cached")
    func anotherPortNeverShowsAnotherServersCache() async throws {
        try await UIWorld.with { world in
            try #require(await world.waitForSessions().ok, "the first run never listed the sessions")
            let state = world.server.directory.appendingPathComponent("home/.local/state/claudepm").path
            try #require(await Self.waitForSnapshot(under: state), "no snapshot saved under \(state)")
            try await world.quitAndExpectRestored()
            let other = try await Self.startGuardedServer(under: world.server.directory)
            let rejected = try await Self.launch(world, url: other.url) { $0.contains("API key") }
            await other.stop()
            _ = try? await TmuxHarness.run(socket: Self.guardedSocket, ["kill-server"], environment: [:])
            TmuxHarness.removeSocketFile(Self.guardedSocket)
            #expect(rejected.ok, "server B's refusal was not shown:\n\(rejected.screen)")
            Self.expectNoCachedSession(rejected.screen, "pointed at server B")
            try await world.quitAndExpectRestored()
            let nobody = try await Self.launch(world, url: other.url) { $0.contains("OFFLINE") }
            #expect(nobody.ok, "an endpoint with nothing listening was not shown offline:\n\(nobody.screen)")
            Self.expectNoCachedSession(nobody.screen, "with nothing listening")
            try await world.quitAndExpectRestored()
        }
    }

    static let guardedSocket = "claudepm-e2e-b-\(getpid())"

    /// A second, plain server on the same host (another port) that wants an API key nobody has.
    static func startGuardedServer(under directory: URL, socket: String = guardedSocket) async throws -> DemoServer {
        let home = directory.appendingPathComponent("server-b")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let keyFile = home.appendingPathComponent("key").path
        try Data(String(repeating: "k", count: 40).utf8).write(to: URL(fileURLWithPath: keyFile))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: keyFile)
        let environment = [
            "HOME": home.path, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "TMUX_TMPDIR": ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp",
        ]
        return try await DemoServer.start(
            environment: environment, directory: home,
            arguments: [
                "--data-dir", home.appendingPathComponent("data").path, "--tmux-socket", socket,
                "--command", "sh", "--api-key-file", keyFile, "--no-trust-loopback",
            ])
    }

    /// Starts claudepm on `url` from the world's shell and waits for a screen.
    static func launch(
        _ world: UIWorld, url: String, until condition: (String) -> Bool
    ) async throws -> (ok: Bool, screen: String) {
        try await world.tmux.type("clear; '\(Binaries.path("claudepm"))' --url \(url); echo claudepm-exit=$?")
        try await world.tmux.send(keys: "Enter")
        return await world.tmux.waitForScreen(timeout: 30) { $0.contains("SESSION") && condition($0) }
    }

    static func expectNoCachedSession(_ screen: String, _ situation: String) {
        for key in DemoTickets.sessionKeys {
            #expect(!screen.contains(key), "\(situation), server A's session \(key) is shown:\n\(screen)")
        }
    }

    /// Waits up to 20 s for a `snapshot.json` anywhere under `directory`.
    static func waitForSnapshot(under directory: String) async -> Bool {
        let end = Date().addingTimeInterval(20)
        while Date() < end {
            let files = FileManager.default.enumerator(atPath: directory)?.compactMap { $0 as? String } ?? []
            if files.contains(where: { $0.hasSuffix("/snapshot.json") }) { return true }
            try? await Task.sleep(for: .milliseconds(100))
        }
        return false
    }
}
