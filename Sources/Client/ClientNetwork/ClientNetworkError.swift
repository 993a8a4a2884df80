// The single error type of ClientNetwork. Every case names the server and says what failed, in
// words a person can act on. No case ever carries an API key or a URL with `?apiKey=` in it:
// servers are named by their configured name and `host:port` only.

import ClientCore

/// Errors from talking to a Claude PM server: REST calls, sockets, TLS, keys and local files.
public enum ClientNetworkError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The server could not be reached (refused, DNS, reset, timeout while connecting).
    case unreachable(server: String, detail: String)
    /// A request took longer than its timeout.
    case timedOut(server: String, operation: String)
    /// The server answered 401: the API key is missing or wrong (HTTP), or the socket was closed
    /// with 4001.
    case authRejected(server: String)
    /// The server wants an API key and none is configured for it (401/4001 without a key sent).
    case authMissing(server: String)
    /// The server answered 404 for this resource.
    case notFound(server: String, resource: String, message: String)
    /// The server refused the request (400, 409, …) with its own error text.
    case rejected(server: String, status: Int, message: String)
    /// The server failed (5xx) with its own error text.
    case serverError(server: String, status: Int, message: String)
    /// The answer could not be decoded as the expected resource.
    case badResponse(server: String, operation: String, detail: String)
    /// The TLS handshake failed (untrusted certificate, wrong name, protocol error).
    case tls(server: String, detail: String)
    /// Trust on first use: the server's certificate is not yet known. Show the fingerprint and ask.
    case unknownCertificate(server: String, hostPort: String, fingerprint: String)
    /// The certificate does not match the fingerprint remembered in known_hosts.
    case certificateMismatch(server: String, hostPort: String, expected: String, presented: String)
    /// The certificate does not match the `pin_sha256` of the server's configuration.
    case pinMismatch(server: String, hostPort: String, expected: String, presented: String)
    /// The certificate is not trusted: no trusted CA (the system's, or the one in `caFile`)
    /// issued it, or (`hostnameMismatch`) it is for another name.
    case untrustedCertificate(
        server: String, hostPort: String, fingerprint: String, caFile: String?, hostnameMismatch: Bool)
    /// The configuration or the API key source is unusable.
    case configuration(ConfigError)
    /// A session or ticket reference matched nothing.
    case noMatch(kind: String, reference: String)
    /// A session or ticket reference matched several items.
    case ambiguous(kind: String, reference: String, candidates: [String])
    /// A local file (state cache, known_hosts, key file) could not be read or written.
    case localFile(path: String, detail: String)
    /// A PTY attach failed for good (error from the server, or too many reconnects).
    case ptyFailed(session: String, reason: String)

    public var description: String {
        switch self {
        case .unreachable(let server, let detail):
            return "server \(server) is unreachable: \(detail)"
        case .timedOut(let server, let operation):
            return "server \(server) did not answer in time (\(operation))"
        case .authRejected(let server):
            return "API key rejected by \(server)"
        case .authMissing(let server):
            return "server \(server) requires an API key and none is configured: set api_key_file or api_key_env "
                + "for it in the config, or CLAUDEPM_API_KEY"
        case .notFound(let server, let resource, let message):
            return "\(resource) not found on \(server)" + (message.isEmpty ? "" : ": \(message)")
        case .rejected(let server, let status, let message):
            return "server \(server) refused the request (HTTP \(status)): \(message)"
        case .serverError(let server, let status, let message):
            return "server \(server) failed (HTTP \(status)): \(message)"
        case .badResponse(let server, let operation, let detail):
            return "unexpected answer from \(server) to \(operation): \(detail)"
        case .tls(let server, let detail):
            return "TLS with \(server) failed: \(detail)"
        case .unknownCertificate(let server, let hostPort, let fingerprint):
            return "the certificate of \(server) (\(hostPort)) is not trusted yet; its fingerprint is "
                + "SHA256:\(fingerprint). Confirm it, or pass --trust-fingerprint SHA256:\(fingerprint)"
        case .certificateMismatch(let server, let hostPort, let expected, let presented):
            return KnownHosts.mismatchWarning(hostPort: hostPort, expected: expected, presented: presented)
                + " (server \(server))"
        case .pinMismatch(let server, let hostPort, let expected, let presented):
            return "the certificate of \(server) (\(hostPort)) has changed: the config pins "
                + "SHA256:\(expected) (pin_sha256), the server presents SHA256:\(presented). Someone could be "
                + "intercepting the connection. If the change is expected, set pin_sha256 = \"SHA256:\(presented)\" "
                + "for \(server) in the config file"
        case .untrustedCertificate(let server, let hostPort, let fingerprint, let caFile, let hostnameMismatch):
            return Self.untrustedText(
                server: server, hostPort: hostPort, fingerprint: fingerprint, caFile: caFile,
                hostnameMismatch: hostnameMismatch)
        case .configuration(let error):
            return error.description
        case .noMatch(let kind, let reference):
            return "no \(kind) matches '\(reference)'"
        case .ambiguous(let kind, let reference, let candidates):
            return "'\(reference)' matches several \(kind)s: " + candidates.joined(separator: ", ")
        case .localFile(let path, let detail):
            return "\(path): \(detail)"
        case .ptyFailed(let session, let reason):
            return "terminal of session \(session) failed: \(reason)"
        }
    }

    /// True for failures a retry may fix (network trouble, timeouts, 5xx).
    public var isTransient: Bool {
        switch self {
        case .unreachable, .timedOut, .serverError: return true
        default: return false
        }
    }
}

extension ClientNetworkError {
    /// True when the server refused us for want of a (right) API key.
    public var isAuthFailure: Bool {
        switch self {
        case .authRejected, .authMissing: return true
        default: return false
        }
    }
}

extension ClientNetworkError {
    static func untrustedText(
        server: String, hostPort: String, fingerprint: String, caFile: String?, hostnameMismatch: Bool
    ) -> String {
        let why: String
        if hostnameMismatch {
            why = "it was issued for another name than \(hostPort)"
        } else if let caFile {
            why = "it was not issued by the CA in \(caFile) (--ca-file / ca_file)"
        } else {
            why = "no certificate authority this system trusts issued it (self-signed?)"
        }
        let fix =
            caFile == nil
            ? "If this is your server's certificate, run again with --trust-fingerprint SHA256:\(fingerprint) "
                + "(or --tofu to confirm it interactively; it is remembered in known_hosts), or pass "
                + "--ca-file with the CA that issued it"
            : "Correct --ca-file (ca_file) to the CA that issued it, or, if this is your server's certificate, "
                + "run with --trust-fingerprint SHA256:\(fingerprint) instead"
        return "the certificate of \(server) (\(hostPort)) is not trusted: \(why). Its fingerprint is "
            + "SHA256:\(fingerprint). \(fix)"
    }
}

extension ClientNetworkError {
    /// A few words for a status line: why a server went offline.
    public var offlineReason: String {
        switch self {
        case .untrustedCertificate: return "certificate not trusted"
        case .pinMismatch, .certificateMismatch: return "certificate changed"
        case .unknownCertificate: return "certificate not confirmed"
        case .tls: return "TLS failed"
        case .authRejected: return "key rejected"
        case .authMissing: return "no API key"
        case .timedOut: return "timeout"
        case .unreachable(_, let detail):
            if detail == NoRoute.detail { return "no route" }
            if detail.contains("refused") { return "refused" }
            if detail.contains("timed out") || detail.lowercased().contains("timeout") { return "timeout" }
            return "unreachable"
        default: return "error"
        }
    }
}
