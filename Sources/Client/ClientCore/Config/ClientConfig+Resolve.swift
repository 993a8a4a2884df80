// The precedence merge: built-in defaults < config file < environment < flags, as one pure
// function. Per-server overrides (URL, key source, TLS) need a single target server, so a key
// meant for one server is never sent to another.

import Foundation

extension ClientConfig {
    /// Merges the config file (its text, or nil when there is none), the environment and the flags.
    ///
    /// Environment variables: `CLAUDEPM_SERVER`, `CLAUDEPM_URL`, `CLAUDEPM_API_KEY` (the key
    /// itself), `CLAUDEPM_API_KEY_FILE`, `CLAUDEPM_CA_FILE`, `CLAUDEPM_PIN_SHA256`,
    /// `CLAUDEPM_DETACH_KEY`, `CLAUDEPM_TILE_SIZE`, `CLAUDEPM_COLOUR` (or `CLAUDEPM_COLOR`),
    /// `NO_COLOR`, `CLAUDEPM_NOTIFY`, `CLAUDEPM_FPS`.
    public static func resolve(
        fileText: String?, filePath: String = "config.toml", environment: [String: String], flags: ConfigFlags
    ) throws(ConfigError) -> ClientConfig {
        var config = ClientConfig(servers: [])
        if let fileText {
            config = try parseFile(fileText, file: filePath, environment: environment)
        }
        config.ui = try resolveUI(config.ui, environment: environment, flags: flags)
        config.servers = try resolveServers(config.servers, environment: environment, flags: flags)
        return config
    }

    private static func resolveUI(
        _ fileUI: UIOptions, environment env: [String: String], flags: ConfigFlags
    ) throws(ConfigError) -> UIOptions {
        var ui = fileUI
        if let noColor = env["NO_COLOR"], !noColor.isEmpty { ui.colourMode = .none }
        for (name, value) in [("CLAUDEPM_DETACH_KEY", env["CLAUDEPM_DETACH_KEY"]), ("--detach-key", flags.detachKey)] {
            if let value { ui.detachKey = try parseDetachKey(value, source: name, line: 0) }
        }
        for (name, value) in [("CLAUDEPM_TILE_SIZE", env["CLAUDEPM_TILE_SIZE"]), ("--tile-size", flags.tileSize)] {
            if let value { ui.tileSize = try parseTileSize(value, source: name, line: 0) }
        }
        let colours = [
            ("CLAUDEPM_COLOR", env["CLAUDEPM_COLOR"]), ("CLAUDEPM_COLOUR", env["CLAUDEPM_COLOUR"]),
            ("--colour", flags.colour),
        ]
        for (name, value) in colours {
            if let value { ui.colourMode = try parseColour(value, source: name, line: 0, key: "colour") }
        }
        for (name, value) in [("CLAUDEPM_NOTIFY", env["CLAUDEPM_NOTIFY"]), ("--notify", flags.notify)] {
            if let value { ui.notifyMode = try parseNotify(value, source: name, line: 0) }
        }
        if let text = env["CLAUDEPM_FPS"] {
            guard let fps = Int(text) else {
                throw .invalidValue(source: "CLAUDEPM_FPS", line: 0, key: "fps", message: "'\(text)' is not an integer")
            }
            ui.frameCap = try checkFrameCap(fps, source: "CLAUDEPM_FPS", line: 0)
        }
        if let fps = flags.frameCap { ui.frameCap = try checkFrameCap(fps, source: "--fps", line: 0) }
        if let text = env["CLAUDEPM_PREDICTION"] {
            ui.prediction.mode = try parsePrediction(text, source: "CLAUDEPM_PREDICTION", line: 0)
        }
        return ui
    }

    private static func resolveServers(
        _ fileServers: [ServerConfig], environment env: [String: String], flags: ConfigFlags
    ) throws(ConfigError) -> [ServerConfig] {
        var servers = try selectServers(fileServers, environment: env, flags: flags)
        if servers.isEmpty { servers = [.localDefault] }
        if flags.readOnly {
            for index in servers.indices { servers[index].readOnly = true }
        }
        if case let (setting, source)? = try keyOverride(environment: env, flags: flags) {
            try requireSingle(servers, setting: setting)
            servers[0].apiKeySource = source
        }
        if case let (setting, trust)? = try trustOverride(environment: env, flags: flags) {
            try requireSingle(servers, setting: setting)
            servers[0].trust = trust
        }
        return servers
    }

    /// Applies `--server`/`CLAUDEPM_SERVER` (keep only that server) and `--url`/`CLAUDEPM_URL`
    /// (move the selected server, or replace the list with a one-off server for that URL).
    private static func selectServers(
        _ fileServers: [ServerConfig], environment env: [String: String], flags: ConfigFlags
    ) throws(ConfigError) -> [ServerConfig] {
        let selected = flags.server ?? env["CLAUDEPM_SERVER"].flatMap { $0.isEmpty ? nil : $0 }
        let urlText = flags.url ?? env["CLAUDEPM_URL"].flatMap { $0.isEmpty ? nil : $0 }
        if let selected {
            let url = try urlText.map { text throws(ConfigError) in
                try ServerConfig.parseURL(text, server: selected).get()
            }
            if var match = fileServers.first(where: { $0.name == selected }) {
                if let url { match.url = url }
                return [match]
            }
            guard let url else { throw .unknownServer(name: selected, known: fileServers.map(\.name)) }
            return [ServerConfig(name: selected, url: url)]
        }
        guard let urlText else { return fileServers }
        let url = try ServerConfig.parseURL(urlText, server: "cli").get()
        let sameURL = fileServers.first { $0.url.absoluteString == url.absoluteString }
        return [sameURL ?? ServerConfig(name: url.host ?? "cli", url: url)]
    }

    private static func requireSingle(_ servers: [ServerConfig], setting: String) throws(ConfigError) {
        guard servers.count == 1 else { throw .ambiguousOverride(setting: setting, servers: servers.map(\.name)) }
    }

    private static func keyOverride(
        environment env: [String: String], flags: ConfigFlags
    ) throws(ConfigError) -> (String, APIKeySource)? {
        if flags.apiKeyFile != nil && flags.apiKeyEnvironment != nil {
            throw .invalidValue(
                source: "flags", line: 0, key: "--api-key-file",
                message: "give either --api-key-file or --api-key-env, not both")
        }
        if let path = flags.apiKeyFile {
            return ("--api-key-file", .file(ConfigPaths.expandTilde(path, environment: env)))
        }
        if let name = flags.apiKeyEnvironment { return ("--api-key-env", .environment(name)) }
        let file = env["CLAUDEPM_API_KEY_FILE"].flatMap { $0.isEmpty ? nil : $0 }
        let hasKey = !(env["CLAUDEPM_API_KEY"] ?? "").isEmpty
        if file != nil && hasKey {
            throw .invalidValue(
                source: "environment", line: 0, key: "CLAUDEPM_API_KEY_FILE",
                message: "set either CLAUDEPM_API_KEY or CLAUDEPM_API_KEY_FILE, not both")
        }
        if let file { return ("CLAUDEPM_API_KEY_FILE", .file(ConfigPaths.expandTilde(file, environment: env))) }
        if hasKey { return ("CLAUDEPM_API_KEY", .environment("CLAUDEPM_API_KEY")) }
        return nil
    }

    private static func trustOverride(
        environment env: [String: String], flags: ConfigFlags
    ) throws(ConfigError) -> (String, TLSTrust)? {
        if let pin = flags.pinSHA256 { return ("--pin-sha256", try parsePin(pin, source: "--pin-sha256", line: 0)) }
        if let path = flags.caFile { return ("--ca-file", .pemFile(ConfigPaths.expandTilde(path, environment: env))) }
        if flags.tofu { return ("--tofu", .tofu) }
        if let pin = env["CLAUDEPM_PIN_SHA256"], !pin.isEmpty {
            return ("CLAUDEPM_PIN_SHA256", try parsePin(pin, source: "CLAUDEPM_PIN_SHA256", line: 0))
        }
        if let path = env["CLAUDEPM_CA_FILE"], !path.isEmpty {
            return ("CLAUDEPM_CA_FILE", .pemFile(ConfigPaths.expandTilde(path, environment: env)))
        }
        return nil
    }
}
