import Foundation
import Testing

@Suite struct CLIExitCodeTests {
    @Test func unreachableServerExits69() async throws {
        let dir = try TempDirectory()
        let port = try FreePort.closed()
        let result = try await CLIRunner.run(
            ["sessions", "--json", "--url", "http://127.0.0.1:\(port)"], home: dir.path)
        #expect(result.status == 69)
        #expect(result.stderr.contains("unreachable"))
        #expect(result.stdout.isEmpty)
    }

    @Test func usageErrorsExit64() async throws {
        let dir = try TempDirectory()
        #expect(try await CLIRunner.run(["send", "abc"], home: dir.path).status == 64)
        #expect(try await CLIRunner.run(["tickets", "--state", "nope"], home: dir.path).status == 64)
        #expect(try await CLIRunner.run(["sessions", "--bogus"], home: dir.path).status == 64)
    }

    @Test func openKeyFileExits64WithoutPrintingTheKey() async throws {
        let dir = try TempDirectory()
        let secret = "cli-secret-" + UUID().uuidString
        let keyPath = dir.path + "/key"
        try Data(secret.utf8).write(to: URL(fileURLWithPath: keyPath))
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: keyPath)
        let result = try await CLIRunner.run(
            ["health", "--url", "http://127.0.0.1:9", "--api-key-file", keyPath], home: dir.path)
        #expect(result.status == 64)
        #expect(result.stderr.contains(keyPath))
        #expect(!result.stderr.contains(secret) && !result.stdout.contains(secret))
    }

    @Test func helpHasExamplesOnEveryCommand() async throws {
        let dir = try TempDirectory()
        for command in ["health", "sessions", "tickets", "notifications", "send", "watch", "servers", "demo"] {
            let result = try await CLIRunner.run([command, "--help"], home: dir.path)
            #expect(result.status == 0, "\(command) --help")
            #expect(result.stdout.contains("Examples:"), "\(command) --help has examples")
        }
    }

    @Test func serversListsConfiguredServersWithoutKeys() async throws {
        let dir = try TempDirectory()
        try FileManager.default.createDirectory(
            atPath: dir.path + "/config/claudepm", withIntermediateDirectories: true)
        let config = """
            [server.work]
            url = "https://pm.example.com:4847"
            api_key_env = "WORK_KEY"
            tls = "tofu"

            [server.home]
            url = "http://10.0.0.2:4847"
            """
        try Data(config.utf8).write(to: URL(fileURLWithPath: dir.path + "/config/claudepm/config.toml"))
        let result = try await CLIRunner.run(
            ["servers", "--json"], environment: ["WORK_KEY": "super-secret-value"], home: dir.path)
        #expect(result.status == 0, "\(result.stderr)")
        let rows = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
        #expect(rows?.compactMap { $0["name"] as? String } == ["work", "home"])
        #expect(rows?.first?["tls"] as? String == "tofu")
        #expect(!result.stdout.contains("super-secret-value"))
    }
}
