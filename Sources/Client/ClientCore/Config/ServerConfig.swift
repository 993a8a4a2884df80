// One Claude PM server the client talks to: where it is, how to authenticate, how to trust it.

import Foundation

/// A configured server.
public struct ServerConfig: Equatable, Sendable, Codable {
    /// A short unique name shown in the UI and used in triage keys (e.g. `work`, `home`).
    public var name: String
    /// The base URL: `http(s)://host:port` or `ws(s)://host:port`. Path and query are ignored.
    public var url: URL
    /// Where the API key comes from; nil for servers that need none (e.g. localhost).
    public var apiKeySource: APIKeySource?
    /// TLS trust policy for https/wss.
    public var trust: TLSTrust
    /// Watch only (`read_only = true`, or `--read-only` for every server): the terminal UI sends
    /// this server no keys, answers, input, board actions or notification deletions.
    public var readOnly = false

    /// The default server, `http://localhost:4847` (the port every Claude PM client assumes).
    public static var localDefault: ServerConfig {
        ServerConfig(name: "local", url: defaultURL, apiKeySource: nil, trust: .system)
    }

    /// `http://localhost:4847`.
    public static let defaultURL: URL = {
        var components = URLComponents()
        components.scheme = "http"
        components.host = "localhost"
        components.port = 4847
        // URLComponents with a scheme, host and port always yields a URL; fall back to a file URL
        // only to avoid a force-unwrap.
        return components.url ?? URL(fileURLWithPath: "/")
    }()

    /// Creates a server entry.
    public init(name: String, url: URL, apiKeySource: APIKeySource? = nil, trust: TLSTrust = .system) {
        self.name = name
        self.url = url
        self.apiKeySource = apiKeySource
        self.trust = trust
    }

    /// True when the URL uses TLS (https or wss).
    public var usesTLS: Bool {
        let scheme = url.scheme?.lowercased()
        return scheme == "https" || scheme == "wss"
    }

    /// The REST base, `http(s)://host:port[/prefix]` (no trailing slash); routes are under
    /// `/api`. A path in the configured URL is kept as a prefix (for reverse proxies).
    public var httpBaseURL: URL { rebased(scheme: usesTLS ? "https" : "http", path: pathPrefix) }

    /// The WebSocket URL without the key, `ws(s)://host:port[/prefix]/`. The network layer
    /// appends `?apiKey=` itself (URL-encoded) and must not log the result.
    public var webSocketURL: URL { rebased(scheme: usesTLS ? "wss" : "ws", path: pathPrefix + "/") }

    /// The configured path without a trailing slash ("" for none).
    var pathPrefix: String {
        var path = url.path
        while path.hasSuffix("/") { path.removeLast() }
        return path
    }

    /// The `host:port` used in known_hosts (the port defaults by scheme).
    public var hostPort: String {
        let host = url.host ?? ""
        let port = url.port ?? (usesTLS ? 443 : 80)
        return host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }

    private func rebased(scheme: String, path: String) -> URL {
        var components = URLComponents()
        components.scheme = scheme
        components.host = url.host
        components.port = url.port
        components.path = path
        return components.url ?? url
    }

    /// Parses and checks a URL string for a server named `name`. Without a scheme
    /// (`host:4847`), `http://` is assumed.
    /// A URL carrying a query or user info is refused (and never echoed in full): that is where
    /// people paste `?apiKey=`, which would then show up in argv, logs and error text.
    public static func parseURL(_ text: String, server: String) -> Result<URL, ConfigError> {
        let trimmed = text.trimmingWhitespace()
        let withScheme = trimmed.contains("://") ? trimmed : "http://" + trimmed
        guard let url = URL(string: withScheme), let scheme = url.scheme?.lowercased(),
            ["http", "https", "ws", "wss"].contains(scheme), let host = url.host, !host.isEmpty
        else { return .failure(.invalidURL(server: server, url: redacted(trimmed))) }
        if url.query != nil || url.user != nil || url.password != nil || url.fragment != nil {
            return .failure(
                .invalidValue(
                    source: "server '\(server)'", line: 0, key: "url",
                    message: "the URL must not carry a query, fragment or credentials; give the API key with "
                        + "api_key_file / --api-key-file (mode 0600) or an environment variable"))
        }
        return .success(url)
    }

    /// The text up to any query, fragment or user info, for error messages.
    static func redacted(_ text: String) -> String {
        var shown = text
        if let cut = shown.firstIndex(where: { $0 == "?" || $0 == "#" }) { shown = String(shown[..<cut]) + "…" }
        if let at = shown.firstIndex(of: "@") {
            let start = shown.range(of: "://").map(\.upperBound) ?? shown.startIndex
            if start <= at { shown.replaceSubrange(start...at, with: "…@") }
        }
        return shown
    }
}
