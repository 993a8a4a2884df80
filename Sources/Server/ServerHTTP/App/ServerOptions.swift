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
