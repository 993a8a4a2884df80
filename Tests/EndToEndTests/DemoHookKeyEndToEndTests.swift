// A demo server that requires its API key even on loopback still gets its agents' hooks: it
// hands the key to them in a 0600 file (never in tmux's argument list), so their waits arrive as
// `session:waiting` with `detectedBy: "hook"`. Without the key, every hook was refused and waits
// were only guessed from the screen.
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite(
    "demo hooks with an API key", .serialized,
    .enabled(if: Binaries.serverHasDemo, "needs the full build with claudepm and claudepm-server --demo"))
struct DemoHookKeyEndToEndTests {
    @Test func theAgentsHooksAreAcceptedByAServerThatRequiresItsKey() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("claudepm-e2e-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let key = UUID().uuidString + UUID().uuidString
        var environment = UIWorld.environment(directory)
        environment["API_KEY"] = key
        let server = try await DemoServer.start(
            environment: environment, directory: directory, arguments: ["--demo", "--no-trust-loopback"])
        var watcher: pid_t = 0
        do {
            let log = directory.appendingPathComponent("watch.log").path
            var clientEnvironment = environment
            clientEnvironment["CLAUDEPM_API_KEY"] = key
            watcher = try Subprocess.spawn(
                [Binaries.path("claudepm"), "watch", "--json", "--url", server.url], environment: clientEnvironment,
                logPath: log)
            let hooked = await eventually(within: 120) {
                let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
                return text.contains(#""type":"session:waiting""#) && text.contains(#""detectedBy":"hook""#)
            }
            let serverLog = (try? String(contentsOfFile: server.logPath, encoding: .utf8)) ?? ""
            #expect(hooked, "no wait reported by a hook; server log:\n\(serverLog.suffix(3000))")
            #expect(!serverLog.contains(key), "the key is in the server's log")
            let keyFile = try FileManager.default.contentsOfDirectory(atPath: directory.path)
                .filter { $0.hasPrefix("claudepm-demo-") }
                .map { directory.appendingPathComponent($0).appendingPathComponent("agent-api-key").path }
                .first { FileManager.default.fileExists(atPath: $0) }
            let mode = try keyFile.map {
                try FileManager.default.attributesOfItem(atPath: $0)[.posixPermissions] as? Int
            }
            #expect(mode == 0o600, "the agents' key file: \(keyFile ?? "missing")")
        } catch {
            Issue.record(error)
        }
        if watcher > 0 {
            kill(watcher, SIGTERM)
            _ = await Subprocess.reap(watcher)
        }
        await server.stop()
    }
}
