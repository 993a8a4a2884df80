// The client's whole configuration after merging the file, the environment and the flags.
// See ClientConfig+Resolve.swift for the precedence rules and ClientConfig+File.swift for the
// file format.

/// The resolved client configuration.
public struct ClientConfig: Equatable, Sendable {
    /// The servers to connect to, in file order (at least one).
    public var servers: [ServerConfig]
    /// User-interface options.
    public var ui: UIOptions

    /// Creates a configuration.
    public init(servers: [ServerConfig], ui: UIOptions = .default) {
        self.servers = servers
        self.ui = ui
    }

    /// The built-in default: one server at `http://localhost:4847`, default UI options.
    public static var `default`: ClientConfig {
        ClientConfig(servers: [.localDefault])
    }

    /// The server called `name`, if configured.
    public func server(named name: String) -> ServerConfig? {
        servers.first { $0.name == name }
    }
}

/// Command-line flags that override the file and the environment. Every field is optional;
/// nil means "not given".
public struct ConfigFlags: Equatable, Sendable {
    /// `--config PATH`: read this file instead of the XDG one.
    public var configPath: String?
    /// `--server NAME`: use only this server.
    public var server: String?
    /// `--url URL`: the server URL (for `--server`, or a one-off server).
    public var url: String?
    /// `--api-key-file PATH`.
    public var apiKeyFile: String?
    /// `--api-key-env NAME`: read the key from this environment variable.
    public var apiKeyEnvironment: String?
    /// `--ca-file PATH`: trust this PEM CA.
    public var caFile: String?
    /// `--pin-sha256 HEX`: pin this certificate fingerprint.
    public var pinSHA256: String?
    /// `--tofu`: trust on first use.
    public var tofu: Bool
    /// `--detach-key C-x`.
    public var detachKey: String?
    /// `--tile-size COLSxROWS`.
    public var tileSize: String?
    /// `--colour MODE`.
    public var colour: String?
    /// `--notify MODE`.
    public var notify: String?
    /// `--fps N`.
    public var frameCap: Int?
    /// `--read-only`: every server is watched only (as if each had `read_only = true`).
    public var readOnly: Bool

    /// Creates flags; everything defaults to "not given".
    public init(
        configPath: String? = nil, server: String? = nil, url: String? = nil, apiKeyFile: String? = nil,
        apiKeyEnvironment: String? = nil, caFile: String? = nil, pinSHA256: String? = nil, tofu: Bool = false,
        detachKey: String? = nil, tileSize: String? = nil, colour: String? = nil, notify: String? = nil,
        frameCap: Int? = nil, readOnly: Bool = false
    ) {
        self.configPath = configPath
        self.server = server
        self.url = url
        self.apiKeyFile = apiKeyFile
        self.apiKeyEnvironment = apiKeyEnvironment
        self.caFile = caFile
        self.pinSHA256 = pinSHA256
        self.tofu = tofu
        self.detachKey = detachKey
        self.tileSize = tileSize
        self.colour = colour
        self.notify = notify
        self.frameCap = frameCap
        self.readOnly = readOnly
    }
}
