// Listening options of the HTTP/WebSocket server.

/// Where and how the server listens.
public struct ServerOptions: Sendable {
    public var host: String
    /// 0 picks a free port.
    public var port: Int
    public var auth: AuthPolicy
    /// PEM certificate chain and key paths for https/wss.
    public var tlsCertPath: String?
    public var tlsKeyPath: String?
    /// For tests only (`--upstream-compat`): behave as the upstream server where a client could
    /// tell them apart by its streams. `pty:attach` ignores `stream`, `readOnly` and `history`
    /// (always a tmux client on a PTY, `pty:attached` without `stream`), `pty:resize` ignores
    /// `readOnly`, and `GET /api/metrics` is not served (404), so claudepm takes the server for
    /// an upstream one (docs/compatibility.md).
    public var upstreamCompat = false

    /// Options; defaults match the upstream clients (port 4847, loopback).
    public init(
        host: String = "127.0.0.1", port: Int = 4847, auth: AuthPolicy = AuthPolicy(apiKey: nil),
        tlsCertPath: String? = nil, tlsKeyPath: String? = nil
    ) {
        self.host = host
        self.port = port
        self.auth = auth
        self.tlsCertPath = tlsCertPath
        self.tlsKeyPath = tlsKeyPath
    }

    /// `http` or `https`.
    public var scheme: String { tlsCertPath == nil ? "http" : "https" }
}
