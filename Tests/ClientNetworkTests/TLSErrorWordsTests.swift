// TLS failures in words, against a real claudepm-server with self-signed certificates made by
// openssl on loopback: each error names what is wrong, the certificate's fingerprint (checked
// against openssl's own) and the command that fixes it, and that command works. A certificate
// that changes under a running event socket is reported as "certificate changed".

import ClientCore
import Foundation
import TestSupport
import Testing

@testable import ClientNetwork

@Suite(.enabled(if: ServerProcess.isAvailable, "needs the claudepm-server binary (full build)"))
struct TLSErrorWordsTests {
    /// A fresh self-signed certificate `name`.pem / `name`.key in `dir`.
    static func makeCertificate(_ name: String, in dir: String) async throws {
        try await openssl([
            "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-keyout", "\(dir)/\(name).key", "-out",
            "\(dir)/\(name).pem", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
        ])
    }

    /// openssl's SHA-256 fingerprint of a PEM certificate, as 64 lowercase hex digits.
    static func fingerprint(_ pem: String) async throws -> String {
        let text = try await openssl(["x509", "-in", pem, "-noout", "-fingerprint", "-sha256"])
        let hex = text.split(separator: "=").last.map(String.init) ?? ""
        return try #require(TLSTrust.normalizedFingerprint(hex))
    }

    /// Runs openssl (off the cooperative pool) and returns its standard output.
    @discardableResult static func openssl(_ arguments: [String]) async throws -> String {
        try await offPool { try opensslBlocking(arguments) }
    }

    private static func opensslBlocking(_ arguments: [String]) throws -> String {
        // Output goes to a file, not a pipe: a process another test starts at the same moment may
        // inherit a pipe's write end, and reading to EOF would then wait for that process (seen: a
        // tmux server started in parallel kept openssl's pipe open and the suite hung).
        let path = FileManager.default.temporaryDirectory.path + "/claudepm-openssl-" + UUID().uuidString
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = arguments
        process.standardOutput = FileHandle(forWritingAtPath: path)
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        process.standardInput = FileHandle.nullDevice
        try process.run()
        ChildWait.exitStatus(of: process)
        return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }

    static func tlsServer(_ dir: String, cert: String = "server") async throws -> ServerProcess {
        let server = try ServerProcess(extraArguments: [
            "--tls-cert", "\(dir)/\(cert).pem", "--tls-key", "\(dir)/\(cert).key",
        ])
        try await server.start()
        return server
    }

    @Test func anUntrustedCertificateGivesItsFingerprintAndTheFlagThatWorks() async throws {
        let dir = try TempDirectory()
        try await Self.makeCertificate("server", in: dir.path)
        let presented = try await Self.fingerprint(dir.path + "/server.pem")
        let server = try await Self.tlsServer(dir.path)
        let url = "https://127.0.0.1:\(server.port)"
        let config = ServerConfig(name: "secure", url: try #require(URL(string: url)))
        do {
            _ = try await RESTClient(
                server: config, apiKey: nil, tls: try await TLSSetup(knownHostsPath: nil).resolve(config)
            )
            .health()
            Issue.record("a self-signed certificate was trusted by the system roots")
        } catch {
            guard case .untrustedCertificate(_, _, let fingerprint, .none, false) = error else {
                Issue.record("expected .untrustedCertificate, got \(error)")
                return
            }
            #expect(fingerprint == presented)
        }
        let refused = try await CLIRunner.run(["health", "--url", url], home: dir.path)
        #expect(refused.status == 77)
        #expect(refused.stderr.contains("--trust-fingerprint SHA256:\(presented)"), "\(refused.stderr)")
        #expect(refused.stderr.contains("--tofu") && refused.stderr.contains("--ca-file"), "\(refused.stderr)")
        #expect(
            !refused.stderr.contains("handshakeFailed") && !refused.stderr.contains("BoringSSL"), "\(refused.stderr)")
        let fixed = try await CLIRunner.run(
            ["health", "--url", url, "--trust-fingerprint", "SHA256:\(presented)"], home: dir.path)
        #expect(fixed.status == 0, "the suggested command failed: \(fixed.stderr)")
    }

    @Test func aWrongCAFileSaysSoWithTheFingerprint() async throws {
        let dir = try TempDirectory()
        try await Self.makeCertificate("server", in: dir.path)
        try await Self.makeCertificate("other", in: dir.path)
        let presented = try await Self.fingerprint(dir.path + "/server.pem")
        let server = try await Self.tlsServer(dir.path)
        let url = "https://127.0.0.1:\(server.port)"
        let wrong = try await CLIRunner.run(
            ["health", "--url", url, "--ca-file", dir.path + "/other.pem"], home: dir.path)
        #expect(wrong.status == 77)
        #expect(wrong.stderr.contains("not issued by the CA in \(dir.path)/other.pem"), "\(wrong.stderr)")
        #expect(wrong.stderr.contains("Correct --ca-file"), "\(wrong.stderr)")
        #expect(wrong.stderr.contains("SHA256:\(presented)"), "\(wrong.stderr)")
        let right = try await CLIRunner.run(
            ["health", "--url", url, "--ca-file", dir.path + "/server.pem"], home: dir.path)
        #expect(right.status == 0, "the corrected --ca-file failed: \(right.stderr)")
    }

    @Test func aChangedPinnedCertificatePointsAtThePinNotAtKnownHosts() async throws {
        let dir = try TempDirectory()
        try await Self.makeCertificate("server", in: dir.path)
        try await Self.makeCertificate("old", in: dir.path)
        let presented = try await Self.fingerprint(dir.path + "/server.pem")
        let pinned = try await Self.fingerprint(dir.path + "/old.pem")
        let server = try await Self.tlsServer(dir.path)
        let configFile = dir.path + "/config.toml"
        let toml = """
            [server.pinned]
            url = "https://127.0.0.1:\(server.port)"
            pin_sha256 = "\(pinned)"
            """
        try Data(toml.utf8).write(to: URL(fileURLWithPath: configFile))
        let result = try await CLIRunner.run(["health", "--config", configFile], home: dir.path)
        #expect(result.status == 77)
        #expect(result.stderr.contains("pin_sha256 = \"SHA256:\(presented)\""), "\(result.stderr)")
        #expect(result.stderr.contains("SHA256:\(pinned)"), "\(result.stderr)")
        #expect(!result.stderr.contains("known_hosts"), "a phantom known_hosts line: \(result.stderr)")
    }

    @Test func aRunningSocketSaysTheCertificateChanged() async throws {
        let dir = try TempDirectory()
        try await Self.makeCertificate("server", in: dir.path)
        let server = try await Self.tlsServer(dir.path)
        let url = try #require(URL(string: "https://127.0.0.1:\(server.port)"))
        let config = ServerConfig(name: "secure", url: url, trust: .tofu)
        let first = try await Self.fingerprint(dir.path + "/server.pem")
        let tls = try await TLSSetup(knownHostsPath: dir.path + "/known_hosts", acceptedFingerprint: first)
            .resolve(config)
        let socket = EventSocket(server: config, apiKey: nil, tls: tls, configuration: ServerFixture.fastConnection)
        let recorder = EventRecorder.follow(socket)
        await socket.start()
        #expect(await eventually { await recorder.connected(snapshots: 1) })
        // The same server, restarted on the same port with a new certificate.
        await server.killHard()
        try await Self.makeCertificate("server", in: dir.path)
        try await server.start()
        let changed = await eventually { await recorder.offlineReasons.contains("certificate changed") }
        let reasons = await recorder.offlineReasons
        #expect(changed, "reasons seen: \(reasons)")
        await socket.shutdown()
    }
}
