// The identity a local cache belongs to. Two servers on one host differ by port, so a cache is
// keyed by everything that names an endpoint (scheme, host, port, path prefix), never by the
// configured name or the host alone: pointed at another endpoint, nothing cached is shown.

extension ServerConfig {
    /// `http(s)://host:port[/prefix]`, lower-cased host, default port by scheme; ws and wss count
    /// as http and https (the same server answers both).
    public var endpointIdentity: String {
        "\(usesTLS ? "https" : "http")://\(hostPort.lowercased())\(pathPrefix)"
    }
}
