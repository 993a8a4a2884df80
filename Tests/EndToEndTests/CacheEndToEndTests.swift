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
            try await world.tmux.send(keys: "Enter")
            let cached = await world.tmux.waitForScreen(timeout: 30) { screen in
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
