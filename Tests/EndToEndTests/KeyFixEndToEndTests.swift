// A wrong key fixed while the UI runs, as a person does it: claudepm is started with a key file
// the server refuses (4001), the file is rewritten with the right key, and C-r reconnects. The
// screen then shows the server online, and nothing was written behind the UI's back: the log
// line about the new key goes to the log file, not onto the full-screen UI.
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite(
    "UI key fixed while running", .serialized,
    .enabled(if: Binaries.serverHasDemo, "needs the full build with claudepm and claudepm-server --demo"))
struct KeyFixEndToEndTests {
    @Test("a key file fixed and C-r: online, and no log line drawn over the UI")
    func aFixedKeyReconnectsWithoutWritingOverTheUI() async throws {
        try await UIWorld.with { world in
            // The world's own claudepm (on the demo server) makes way for one on the guarded server.
            try #require(await world.waitForSessions().ok, "the world's UI never listed its sessions")
            try await world.quitAndExpectRestored()
            let server = try await CacheEndToEndTests.startGuardedServer(
                under: world.server.directory, socket: Self.socket)
            let screens: Result<Screens, any Error>
            do {
                screens = .success(try await Self.fixKey(world, url: server.url))
            } catch {
                screens = .failure(error)
            }
            await server.stop()
            _ = try? await TmuxHarness.run(socket: Self.socket, ["kill-server"], environment: [:])
            TmuxHarness.removeSocketFile(Self.socket)
            let (rejected, online) = try screens.get()
            try #require(rejected.ok, "the refused key was not shown:\n\(rejected.screen)")
            try #require(online.ok, "C-r with the fixed key did not bring the server online:\n\(online.screen)")
            for stray in ["API key changed", "notice", "claudepm.network"] {
                #expect(!online.screen.contains(stray), "a log line was written over the UI:\n\(online.screen)")
            }
            try await world.quitAndExpectRestored()
        }
    }

    /// Starts claudepm on `url` with a wrong key file, waits for the refusal, writes the right key
    /// and presses C-r; returns the refused screen and the screen once online.
    static func fixKey(_ world: UIWorld, url: String) async throws -> Screens {
        let keyFile = world.server.directory.appendingPathComponent("client.key").path
        try writeKey(String(repeating: "w", count: 40), to: keyFile)
        try await world.tmux.type(
            "clear; '\(Binaries.path("claudepm"))' --url \(url) --api-key-file \(keyFile); echo claudepm-exit=$?")
        let rejected = try await world.tmux.press("Enter", timeout: 30) {
            $0.contains("SESSION") && $0.contains("API key")
        }
        guard rejected.ok else { return (rejected, (false, rejected.screen)) }
        try writeKey(String(repeating: "k", count: 40), to: keyFile)
        let online = try await world.tmux.press("C-r", timeout: 30) { $0.contains("online") }
        return (rejected, online)
    }

    typealias Screen = (ok: Bool, screen: String)
    typealias Screens = (rejected: Screen, online: Screen)

    static let socket = "claudepm-e2e-key-\(getpid())"

    static func writeKey(_ key: String, to path: String) throws {
        try Data(key.utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
    }
}
