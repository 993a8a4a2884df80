import ClientCore
import Foundation
import Testing

@testable import ClientNetwork

@Suite struct ClientAPIKeyLoaderTests {
    let secret = "k3y-" + String(repeating: "s", count: 40)

    private func writeKey(_ dir: String, mode: Int) throws -> String {
        let path = dir + "/key"
        try Data((secret + "\n").utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
        return path
    }

    @Test func privateKeyFileIsRead() throws {
        let dir = try TempDirectory()
        let path = try writeKey(dir.path, mode: 0o600)
        let key = try ClientAPIKeyLoader.load(.file(path), environment: [:])
        #expect(key.value == secret)
    }

    @Test func keyFileReadableByOthersIsRefusedWithoutShowingTheKey() throws {
        let dir = try TempDirectory()
        let path = try writeKey(dir.path, mode: 0o644)
        do {
            _ = try ClientAPIKeyLoader.load(.file(path), environment: [:])
            Issue.record("a 0644 key file was accepted")
        } catch {
            #expect(error == .configuration(.keyFileTooOpen(path: path, mode: 0o644)))
            #expect(!error.description.contains(secret))
        }
    }

    @Test func keyFromEnvironment() throws {
        let key = try ClientAPIKeyLoader.load(
            .environment("CLAUDEPM_API_KEY"), environment: ["CLAUDEPM_API_KEY": secret])
        #expect(key.value == secret)
        #expect("\(key)" == "<redacted API key>")
        #expect(throws: ClientNetworkError.configuration(.keyEnvironmentMissing(name: "NOPE"))) {
            try ClientAPIKeyLoader.load(.environment("NOPE"), environment: [:])
        }
    }

    @Test func missingKeyFileSaysSo() throws {
        let dir = try TempDirectory()
        #expect(throws: ClientNetworkError.self) {
            try ClientAPIKeyLoader.load(.file(dir.path + "/absent"), environment: [:])
        }
    }
}
