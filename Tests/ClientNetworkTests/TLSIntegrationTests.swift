// wss and https against a real claudepm-server with a self-signed certificate made by openssl.

import ClientCore
import Foundation
import TestSupport
import Testing

@testable import ClientNetwork

@Suite(.enabled(if: ServerProcess.isAvailable, "needs the claudepm-server binary (full build)"))
struct TLSIntegrationTests {
    @Test func trustOnFirstUseRemembersTheCertificateAndConnectsOverWSS() async throws {
        let dir = try TempDirectory()
        try await TLSErrorWordsTests.makeCertificate("server", in: dir.path)
        let server = try ServerProcess(extraArguments: [
            "--tls-cert", dir.path + "/server.pem", "--tls-key", dir.path + "/server.key",
        ])
        try await server.start()
        let url = try #require(URL(string: "https://127.0.0.1:\(server.port)"))
        let config = ServerConfig(name: "secure", url: url, trust: .tofu)
        let knownHosts = dir.path + "/known_hosts"

        do {
            _ = try await TLSSetup(knownHostsPath: knownHosts).resolve(config)
            Issue.record("an unknown certificate was trusted without asking")
        } catch {
            guard case .unknownCertificate(_, _, let fingerprint) = error else {
                Issue.record("expected .unknownCertificate, got \(error)")
                return
            }
            let tls = try await TLSSetup(knownHostsPath: knownHosts, acceptedFingerprint: "SHA256:" + fingerprint)
                .resolve(config)
            let health = try await RESTClient(server: config, apiKey: nil, tls: tls).health()
            #expect(health.status == "healthy")
            let known = try KnownHosts.parse(String(contentsOfFile: knownHosts, encoding: .utf8))
            #expect(known.fingerprint(for: config.hostPort) == fingerprint)

            let again = try await TLSSetup(knownHostsPath: knownHosts).resolve(config)
            let socket = EventSocket(
                server: config, apiKey: nil, tls: again, configuration: ServerFixture.fastConnection)
            let recorder = EventRecorder.follow(socket)
            await socket.start()
            #expect(await eventually { await recorder.connected(snapshots: 1) })
            await socket.shutdown()
        }
    }

    @Test func wrongPinIsRefused() async throws {
        let dir = try TempDirectory()
        try await TLSErrorWordsTests.makeCertificate("server", in: dir.path)
        let server = try ServerProcess(extraArguments: [
            "--tls-cert", dir.path + "/server.pem", "--tls-key", dir.path + "/server.key",
        ])
        try await server.start()
        let url = try #require(URL(string: "https://127.0.0.1:\(server.port)"))
        let config = ServerConfig(name: "pinned", url: url, trust: .pinnedSHA256(String(repeating: "ab", count: 32)))
        await #expect(throws: ClientNetworkError.self) { try await TLSSetup(knownHostsPath: nil).resolve(config) }
    }
}
