// Interprets a parsed config file. Format (all tables optional):
//
//   [ui]
//   detach_key = "C-]"        # C-x or ^x; never C-q / C-s
//   tile_size  = "120x40"
//   colour     = "auto"       # auto | truecolor | 256 | 16 | none
//   notify     = "bell"       # off | banner | bell | osc
//   fps        = 75           # 1–240
//   refresh    = 30           # seconds between session list refreshes (servers that do not push them), 5–3600
//   answer_grace_ms = 1000    # y/n wait this long after a banner or prompt changes, 0–60000
//
//   [server.work]             # or [[servers]] with name = "work"
//   url          = "https://pm.example.com:4847"
//   api_key_file = "~/.config/claudepm/work.key"   # or api_key_env = "WORK_PM_KEY"
//   tls          = "system"   # system | tofu; or ca_file = "…pem" / pin_sha256 = "ab:cd:…"
//   read_only    = true       # the UI watches only: no keys, answers or board actions
//
// Unknown keys and tables are errors, so typos never pass silently.

import Foundation

extension ClientConfig {
    /// Parses config-file text. `file` names the file in errors; `environment` is used to expand
    /// `~` in paths. The result may have no servers (the resolver then adds the default).
    public static func parseFile(
        _ text: String, file: String, environment: [String: String] = [:]
    ) throws(ConfigError) -> ClientConfig {
        let document = try TOMLDocument.parse(text, file: file)
        var config = ClientConfig(servers: [])
        for table in document.tables {
            let reader = TableReader(table: table, file: file)
            switch (table.path.first, table.path.count, table.isArrayElement) {
            case (nil, _, _):
                try reader.rejectUnknown(allowed: [])
            case ("ui", 1, false):
                config.ui = try parseUI(reader)
            case ("server", 2, false):
                try config.append(parseServer(reader, name: table.path[1], environment: environment), file, table.line)
            case ("servers", 1, true):
                let name = try reader.string("name") ?? ""
                try config.append(parseServer(reader, name: name, environment: environment), file, table.line)
            default:
                let header = table.path.joined(separator: ".")
                throw ConfigError.syntax(
                    file: file, line: table.line,
                    message: "unknown table [\(header)] (expected [ui], [server.NAME] or [[servers]])")
            }
        }
        return config
    }

    private mutating func append(_ server: ServerConfig, _ file: String, _ line: Int) throws(ConfigError) {
        if server.name.isEmpty || self.server(named: server.name) != nil {
            throw .duplicateServer(name: server.name, file: file, line: line)
        }
        servers.append(server)
    }

    private static func parseUI(_ reader: TableReader) throws(ConfigError) -> UIOptions {
        try reader.rejectUnknown(allowed: [
            "detach_key", "tile_size", "colour", "color", "notify", "fps", "refresh", "prediction",
            "prediction_threshold_ms", "answer_grace_ms",
        ])
        var ui = UIOptions.default
        let source = reader.file
        if let text = try reader.string("detach_key") {
            ui.detachKey = try parseDetachKey(text, source: source, line: reader.line("detach_key"))
        }
        if let text = try reader.string("tile_size") {
            ui.tileSize = try parseTileSize(text, source: source, line: reader.line("tile_size"))
        }
        for key in ["colour", "color"] {
            if let text = try reader.string(key) {
                ui.colourMode = try parseColour(text, source: source, line: reader.line(key), key: key)
            }
        }
        if let text = try reader.string("notify") {
            ui.notifyMode = try parseNotify(text, source: source, line: reader.line("notify"))
        }
        if let fps = try reader.integer("fps") {
            ui.frameCap = try checkFrameCap(fps, source: source, line: reader.line("fps"))
        }
        if let seconds = try reader.integer("refresh") {
            guard UIOptions.sessionRefreshRange.contains(seconds) else {
                throw .invalidValue(
                    source: source, line: reader.line("refresh"), key: "refresh",
                    message: "\(seconds) is not within 5–3600 seconds")
            }
            ui.sessionRefreshSeconds = seconds
        }
        if let text = try reader.string("prediction") {
            ui.prediction.mode = try parsePrediction(text, source: source, line: reader.line("prediction"))
        }
        if let millis = try reader.integer("prediction_threshold_ms") {
            let line = reader.line("prediction_threshold_ms")
            ui.prediction.threshold = try checkPredictionThreshold(millis, source: source, line: line)
        }
        if let millis = try reader.integer("answer_grace_ms") {
            guard UIOptions.answerGraceRange.contains(millis) else {
                throw .invalidValue(
                    source: source, line: reader.line("answer_grace_ms"), key: "answer_grace_ms",
                    message: "\(millis) is not within 0–60000")
            }
            ui.answerGrace = .milliseconds(millis)
        }
        return ui
    }

    private static func parseServer(
        _ reader: TableReader, name: String, environment: [String: String]
    ) throws(ConfigError) -> ServerConfig {
        let allowed: Set<String> = [
            "name", "url", "api_key_env", "api_key_file", "tls", "ca_file", "pin_sha256", "read_only",
        ]
        if let inline = reader.table.entry("api_key") {
            throw ConfigError.invalidValue(
                source: reader.file, line: inline.line, key: "api_key",
                message: "keys are not kept in the config file; put it in a file with mode 0600 and set "
                    + "api_key_file, or name an environment variable with api_key_env")
        }
        try reader.rejectUnknown(allowed: reader.table.isArrayElement ? allowed : allowed.subtracting(["name"]))
        guard let urlText = try reader.string("url") else {
            throw ConfigError.invalidValue(
                source: reader.file, line: reader.table.line, key: "url", message: "server '\(name)' needs a url")
        }
        let url = try ServerConfig.parseURL(urlText, server: name).get()
        let keyEnv = try reader.string("api_key_env")
        let keyFile = try reader.string("api_key_file")
        if keyEnv != nil && keyFile != nil {
            throw ConfigError.invalidValue(
                source: reader.file, line: reader.line("api_key_file"), key: "api_key_file",
                message: "set either api_key_env or api_key_file, not both")
        }
        let source: APIKeySource? =
            keyFile.map { .file(ConfigPaths.expandTilde($0, environment: environment)) }
            ?? keyEnv.map { .environment($0) }
        let trust = try parseTrust(reader, environment: environment)
        var server = ServerConfig(name: name, url: url, apiKeySource: source, trust: trust)
        server.readOnly = try reader.bool("read_only") ?? false
        return server
    }

    private static func parseTrust(
        _ reader: TableReader, environment: [String: String]
    ) throws(ConfigError) -> TLSTrust {
        var choices: [TLSTrust] = []
        if let mode = try reader.string("tls") {
            switch mode {
            case "system": choices.append(.system)
            case "tofu": choices.append(.tofu)
            default:
                throw ConfigError.invalidValue(
                    source: reader.file, line: reader.line("tls"), key: "tls",
                    message: "'\(mode)' is not one of: system, tofu (use ca_file or pin_sha256 for the others)")
            }
        }
        if let path = try reader.string("ca_file") {
            choices.append(.pemFile(ConfigPaths.expandTilde(path, environment: environment)))
        }
        if let pin = try reader.string("pin_sha256") {
            choices.append(try parsePin(pin, source: reader.file, line: reader.line("pin_sha256")))
        }
        guard choices.count <= 1 else {
            throw ConfigError.invalidValue(
                source: reader.file, line: reader.table.line, key: "tls",
                message: "choose one of tls, ca_file and pin_sha256")
        }
        return choices.first ?? .system
    }
}

/// Typed access to one table's entries, with errors that name the file and line.
struct TableReader {
    let table: TOMLTable
    let file: String

    func line(_ key: String) -> Int {
        table.entry(key)?.line ?? table.line
    }

    func rejectUnknown(allowed: Set<String>) throws(ConfigError) {
        if let entry = table.entries.first(where: { !allowed.contains($0.key) }) {
            throw .unknownKey(file: file, line: entry.line, key: entry.key)
        }
    }

    func string(_ key: String) throws(ConfigError) -> String? {
        guard let entry = table.entry(key) else { return nil }
        guard case .string(let value) = entry.value else { throw mismatch(entry, expected: "a string") }
        return value
    }

    func integer(_ key: String) throws(ConfigError) -> Int? {
        guard let entry = table.entry(key) else { return nil }
        guard case .integer(let value) = entry.value else { throw mismatch(entry, expected: "an integer") }
        return value
    }

    func bool(_ key: String) throws(ConfigError) -> Bool? {
        guard let entry = table.entry(key) else { return nil }
        guard case .bool(let value) = entry.value else { throw mismatch(entry, expected: "true or false") }
        return value
    }

    private func mismatch(_ entry: TOMLEntry, expected: String) -> ConfigError {
        .invalidValue(
            source: file, line: entry.line, key: entry.key,
            message: "expected \(expected), found \(entry.value.typeName)")
    }
}
