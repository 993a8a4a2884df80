// Turns a server's TLSTrust policy into a NIOSSL configuration shared by REST (AsyncHTTPClient)
// and the sockets (DirectLink). Pinned and trust-on-first-use servers are probed first; once the
// fingerprint is accepted, that exact certificate becomes the only trust root, so a later
// connection presenting anything else fails the handshake. (Pins therefore suit self-signed
// certificates; for a CA-issued certificate, trust the CA with `tls.trustRoots`.)

import ClientCore
import Foundation
import NIOCore
import NIOSSL

/// A TLS configuration ready for one server.
public struct ResolvedTLS: Sendable {
    /// The NIOSSL configuration.
    public var configuration: TLSConfiguration
    /// The name to send as SNI instead of the host (set for IP hosts, which SNI cannot carry).
    public var sniHostname: String?
    /// The fingerprint of the one certificate trusted (pinned or trusted on first use), if any.
    public var trustedFingerprint: String?
}

/// How trust-on-first-use asks the user; returns true to trust and remember the fingerprint.
public typealias FingerprintConfirmation = @Sendable (_ hostPort: String, _ fingerprint: String) async -> Bool

/// Builds TLS configurations from trust policies.
public struct TLSSetup: Sendable {
    /// Where known_hosts lives (nil: trust-on-first-use cannot remember anything).
    public var knownHostsPath: String?
    /// A fingerprint the user accepted in advance (`--trust-fingerprint`), normalised or not.
    public var acceptedFingerprint: String?
    /// Asks the user about an unknown certificate; nil means "never ask, fail instead".
    public var confirm: FingerprintConfirmation?

    /// Creates a setup.
    public init(knownHostsPath: String?, acceptedFingerprint: String? = nil, confirm: FingerprintConfirmation? = nil) {
        self.knownHostsPath = knownHostsPath
        self.acceptedFingerprint = acceptedFingerprint
        self.confirm = confirm
    }

    /// The TLS configuration for `server`, or nil for plain http/ws.
    public func resolve(_ server: ServerConfig) async throws(ClientNetworkError) -> ResolvedTLS? {
        guard server.usesTLS else { return nil }
        let host = server.url.host ?? ""
        let isIP = Self.isIPAddress(host)
        let sni = isIP ? "localhost" : nil
        var tls = TLSConfiguration.makeClientConfiguration()
        var trusted: String?
        switch server.trust {
        case .system:
            break
        case .pemFile(let path):
            do {
                tls.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(path))
            } catch {
                throw .localFile(path: path, detail: "cannot load trusted certificates: \(error)")
            }
            if isIP { tls.certificateVerification = .noHostnameVerification }
        case .pinnedSHA256(let pin):
            let leaf = try await probe(server, sni: sni)
            try check(server, presented: leaf.fingerprint, expected: pin)
            trusted = leaf.fingerprint
            tls.trustRoots = .certificates([leaf.certificate])
            tls.certificateVerification = .noHostnameVerification
        case .tofu:
            let leaf = try await probe(server, sni: sni)
            try await trustOnFirstUse(server, fingerprint: leaf.fingerprint)
            trusted = leaf.fingerprint
            tls.trustRoots = .certificates([leaf.certificate])
            tls.certificateVerification = .noHostnameVerification
        }
        return ResolvedTLS(configuration: tls, sniHostname: sni, trustedFingerprint: trusted)
    }

    private func probe(
        _ server: ServerConfig, sni: String?
    ) async throws(ClientNetworkError) -> (
        certificate: NIOSSLCertificate, fingerprint: String
    ) {
        let port = server.url.port ?? 443
        do {
            let leaf = try await CertificateProbe.leafCertificate(
                host: server.url.host ?? "", port: port, sniHostname: sni)
            return (leaf, try CertificateProbe.fingerprint(of: leaf))
        } catch {
            throw .unreachable(server: server.name, detail: "could not read its TLS certificate: \(error)")
        }
    }

    private func check(_ server: ServerConfig, presented: String, expected: String) throws(ClientNetworkError) {
        let wanted = TLSTrust.normalizedFingerprint(expected) ?? expected.lowercased()
        guard presented == wanted else {
            throw .pinMismatch(
                server: server.name, hostPort: server.hostPort, expected: wanted, presented: presented)
        }
    }

    private func trustOnFirstUse(_ server: ServerConfig, fingerprint: String) async throws(ClientNetworkError) {
        var hosts = try loadKnownHosts()
        switch hosts.verify(hostPort: server.hostPort, fingerprint: fingerprint) {
        case .trusted:
            return
        case .mismatch(let expected):
            throw .certificateMismatch(
                server: server.name, hostPort: server.hostPort, expected: expected, presented: fingerprint)
        case .unknown:
            let preAccepted = acceptedFingerprint.flatMap(TLSTrust.normalizedFingerprint) == fingerprint
            var accepted = preAccepted
            if !accepted, let confirm { accepted = await confirm(server.hostPort, fingerprint) }
            guard accepted else {
                throw .unknownCertificate(server: server.name, hostPort: server.hostPort, fingerprint: fingerprint)
            }
            hosts.remember(hostPort: server.hostPort, fingerprint: fingerprint)
            try saveKnownHosts(hosts)
        }
    }

    private func loadKnownHosts() throws(ClientNetworkError) -> KnownHosts {
        guard let path = knownHostsPath, let data = FileManager.default.contents(atPath: path) else {
            return KnownHosts()
        }
        do {
            return try KnownHosts.parse(String(decoding: data, as: UTF8.self))
        } catch {
            throw .configuration(error)
        }
    }

    private func saveKnownHosts(_ hosts: KnownHosts) throws(ClientNetworkError) {
        guard let path = knownHostsPath else { return }
        try AtomicFile.write(Data(hosts.formatted().utf8), to: path)
    }

    /// True for IPv4 and IPv6 literals.
    static func isIPAddress(_ host: String) -> Bool {
        if host.contains(":") { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { UInt8($0) != nil }
    }
}
