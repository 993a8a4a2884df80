// A server that wants a key, asked without one: the client says that no key is configured (and
// how to configure one), not that a key was rejected — over REST, the event socket and the CLI.
import ClientCore
import Foundation
import TestSupport
import Testing

@testable import ClientNetwork

@Suite(.enabled(if: ServerProcess.isAvailable, "needs the claudepm-server binary (full build)"))
struct MissingKeyTests {
    @Test func noKeyIsToldApartFromAWrongKey() async throws {
        let dir = try TempDirectory()
        let keyFile = dir.path + "/server.key"
        try Data(String(repeating: "k", count: 40).utf8).write(to: URL(fileURLWithPath: keyFile))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: keyFile)
        let server = try ServerProcess(extraArguments: ["--api-key-file", keyFile, "--no-trust-loopback"])
        try await server.start()
        let config = ServerConfig(name: "guarded", url: server.url)
        do {
            _ = try await RESTClient(server: config, apiKey: nil, tls: nil).sessions()
            Issue.record("no key was accepted")
        } catch {
            #expect(error == .authMissing(server: "guarded"))
            #expect(error.description.contains("none is configured"))
        }
        let socket = EventSocket(server: config, apiKey: nil, tls: nil, configuration: ServerFixture.fastConnection)
        let recorder = EventRecorder.follow(socket)
        await socket.start()
        #expect(await eventually { await recorder.failures.contains { $0 == .authMissing(server: "guarded") } })
        await socket.shutdown()
        let result = try await CLIRunner.run(["sessions", "--url", server.url.absoluteString], home: dir.path)
        #expect(result.status == 77, "\(result.stderr)")
        #expect(result.stderr.contains("requires an API key and none is configured"), "\(result.stderr)")
        #expect(!result.stderr.contains("rejected"))
    }
}
