// One server as the runtime needs it: its configuration plus the credentials and TLS trust the
// CLI resolved before the UI took over the screen (prompts cannot happen inside the UI).
import ClientCore
import ClientNetwork

/// A server, ready to connect to.
public struct RuntimeServer: Sendable {
    /// The configuration (name, URL).
    public var config: ServerConfig
    /// The API key as read last: the event socket re-reads its source before each connect, so a
    /// rotated key file is picked up by the next reconnect, REST call and stream.
    public let key: RotatingAPIKey
    /// The API key, if one is configured.
    public var apiKey: APIKey? { key.current }
    /// The resolved TLS trust (nil for http).
    public var tls: ResolvedTLS?

    /// A server with its credentials.
    public init(config: ServerConfig, apiKey: APIKey? = nil, tls: ResolvedTLS? = nil) {
        self.config = config
        self.key = RotatingAPIKey(apiKey, source: config.apiKeySource)
        self.tls = tls
    }

    /// A REST client for it.
    var rest: RESTClient { RESTClient(server: config, apiKey: apiKey, tls: tls) }
}
