import Testing

@testable import ClientCore

@Suite struct KnownHostsTests {
    let fpA = String(repeating: "a1", count: 32)
    let fpB = String(repeating: "b2", count: 32)

    @Test func roundTripsAndVerifies() throws {
        var hosts = KnownHosts()
        hosts.remember(hostPort: "pm.example:4847", fingerprint: fpA.uppercased())
        hosts.remember(hostPort: "[::1]:4847", fingerprint: fpB)
        let parsed = try KnownHosts.parse(hosts.formatted())
        #expect(parsed == hosts)
        #expect(parsed.verify(hostPort: "PM.example:4847", fingerprint: fpA) == .trusted)
        #expect(parsed.verify(hostPort: "pm.example:4847", fingerprint: fpB) == .mismatch(expected: fpA))
        #expect(parsed.verify(hostPort: "other:1", fingerprint: fpA) == .unknown)
    }

    @Test func acceptsColonSeparatedFingerprintsAndComments() throws {
        let display = TLSTrust.displayFingerprint(fpA)
        #expect(display.hasPrefix("A1:A1:"))
        let text = "# comment\n\n  h:1 sha256 \(display)  trailing note\n"
        let hosts = try KnownHosts.parse(text)
        #expect(hosts.fingerprint(for: "h:1") == fpA)
    }

    @Test func windowsLineEndings() throws {
        let hosts = try KnownHosts.parse("# c\r\nh:1 sha256 \(fpA)\r\nh:2 sha256 \(fpB)\r\n")
        #expect(hosts.fingerprint(for: "h:2") == fpB)
        #expect(hosts.entries.count == 2)
    }

    @Test func rememberReplacesExistingEntry() {
        var hosts = KnownHosts()
        hosts.remember(hostPort: "h:1", fingerprint: fpA)
        hosts.remember(hostPort: "h:1", fingerprint: fpB)
        #expect(hosts.entries.count == 1)
        #expect(hosts.fingerprint(for: "h:1") == fpB)
    }

    @Test func reportsBadLines() {
        #expect(throws: ConfigError.knownHostsSyntax(line: 2, message: "expected 'host:port sha256 FINGERPRINT'")) {
            _ = try KnownHosts.parse("h:1 sha256 \(fpA)\nh:2 md5 abc\n")
        }
        #expect(throws: ConfigError.knownHostsSyntax(line: 1, message: "fingerprint is not 64 hex digits")) {
            _ = try KnownHosts.parse("h:1 sha256 abc\n")
        }
    }

    @Test func promptsShowTheFingerprint() {
        let prompt = KnownHosts.firstUsePrompt(hostPort: "h:1", fingerprint: fpA)
        #expect(prompt.contains("h:1"))
        #expect(prompt.contains(TLSTrust.displayFingerprint(fpA)))
        let warning = KnownHosts.mismatchWarning(hostPort: "h:1", expected: fpA, presented: fpB)
        #expect(warning.contains(TLSTrust.displayFingerprint(fpB)))
    }
}
