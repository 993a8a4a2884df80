// A failed TLS handshake in words. The library's text (`handshakeFailed(… CERTIFICATE_VERIFY_
// FAILED …)`) names neither the certificate nor a way out, so the server's certificate is read
// again without trusting it (CertificateProbe), and the error says what is wrong, gives the
// certificate's fingerprint and the command that fixes it, for each trust policy:
// - system roots: trust this certificate (`--trust-fingerprint`, `--tofu`) or name its CA
//   (`--ca-file`);
// - `--ca-file` / `ca_file`: the file does not hold the CA that issued it: correct it, or trust
//   the certificate itself;
// - `pin_sha256`: the certificate changed; if expected, update the pin (no known_hosts involved);
// - trust on first use: the certificate differs from the known_hosts line (a real line).

import ClientCore
import NIOSSL

/// Explains TLS handshake failures.
enum TLSDiagnosis {
    /// True when `error` is a TLS failure (from NIOSSL or BoringSSL).
    static func isTLS(_ error: any Error) -> Bool {
        error is NIOSSLError || error is BoringSSLError || error is NIOSSLExtraError
    }

    /// The error for a failed handshake with `server`; `detail` is the library's text, `trusted`
    /// the fingerprint accepted when the connection was set up (pinned or trusted on first use).
    static func explain(_ server: ServerConfig, trusted: String?, detail: String) async -> ClientNetworkError {
        let fingerprint = await presentedFingerprint(server)
        switch server.trust {
        case .pinnedSHA256(let pin):
            let expected = TLSTrust.normalizedFingerprint(pin) ?? pin.lowercased()
            if let fingerprint, fingerprint != expected {
                return .pinMismatch(
                    server: server.name, hostPort: server.hostPort, expected: expected, presented: fingerprint)
            }
        case .tofu:
            if let fingerprint, let trusted, fingerprint != trusted {
                return .certificateMismatch(
                    server: server.name, hostPort: server.hostPort, expected: trusted, presented: fingerprint)
            }
        case .system, .pemFile:
            guard let fingerprint else { break }
            return .untrustedCertificate(
                server: server.name, hostPort: server.hostPort, fingerprint: fingerprint, caFile: server.trust.caFile,
                hostnameMismatch: detail.contains("ostname"))
        }
        return .tls(server: server.name, detail: detail)
    }

    /// The SHA-256 fingerprint of the certificate `server` presents now, if it can be read.
    static func presentedFingerprint(_ server: ServerConfig) async -> String? {
        let host = server.url.host ?? ""
        let sni = TLSSetup.isIPAddress(host) ? "localhost" : nil
        guard
            let leaf = try? await CertificateProbe.leafCertificate(
                host: host, port: server.url.port ?? 443, sniHostname: sni, timeout: .seconds(5))
        else { return nil }
        return try? CertificateProbe.fingerprint(of: leaf)
    }
}

extension TLSTrust {
    /// The CA file of a `ca_file` / `--ca-file` policy.
    var caFile: String? {
        if case .pemFile(let path) = self { return path }
        return nil
    }
}
