// A demo server that requires its API key even on loopback still gets its agents' hooks: it
// hands the key to them in a 0600 file (never in tmux's argument list), so no hook is refused
// while the agents ask their questions. Without the key, every hook was refused (the server logs
// each refusal) and waits were only guessed from the screen.
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
        try await DemoSlots.shared.with { try await Self.check() }
    }

    private static func check() async throws {
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
            // Either a wait arrives detected by a hook, or three waits arrive (by any detector: the
            // server keeps the first detector's report when a hook and the screen agree, so under
            // load the screen may win every time). By the third ask the first ask's hook (posted
            // as the agent asks, with a 5 s timeout) has been answered, accepted or refused.
            var hooked = false
            let waited = await eventually(within: 120) {
                let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
                hooked = text.contains(#""type":"session:waiting""#) && text.contains(#""detectedBy":"hook""#)
                return hooked || text.components(separatedBy: #""waiting":true"#).count > 3
            }
            let serverLog = (try? String(contentsOfFile: server.logPath, encoding: .utf8)) ?? ""
            #expect(waited, "the agents never waited; server log:\n\(serverLog.suffix(3000))")
            // Without the key, every hook was refused, and the server says so in its log.
            let refusals = serverLog.split(separator: "\n").filter {
                $0.contains("refused: missing or invalid API key") && $0.contains("/api/hooks")
            }
            #expect(refusals.isEmpty, "hooks were refused:\n\(refusals.prefix(3).joined(separator: "\n"))")
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
