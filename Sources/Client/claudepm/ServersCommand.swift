// `claudepm servers`: the configured servers, how each authenticates and is trusted (never the key).

import ArgumentParser
import ClientCore
import ClientNetwork
import Foundation

struct ServersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "servers",
        abstract: "List the configured servers.",
        discussion: """
            Shows each server's name, URL, API key source and TLS trust, in config order. \
            Keys are never printed.

            Servers live in the config file ($XDG_CONFIG_HOME/claudepm/config.toml):
              add     a [server.NAME] table with url = "http://host:port" (and
                      api_key_file or api_key_env, tls, ca_file or pin_sha256)
              name    NAME (letters, digits, - and _) must be unique; it labels
                      the server in listings, tiles and banners, and --server NAME
              order   the tables' order is the order of listings and of the UI
              remove  delete the table

            Listing commands (sessions, tickets, notifications) cover every server; \
            --server NAME narrows any command to one.

            Examples:
              claudepm servers
              claudepm servers --check --json
              claudepm sessions --server laptop
            """)

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Print JSON.")
    var json = false

    @Flag(help: "Also ask each server for its health.")
    var check = false

    struct Row: Encodable {
        var name: String
        var url: String
        var apiKey: String
        var tls: String
        var health: String?
    }

    mutating func run() async throws {
        try await reportingFailures {
            let context = try CLIContext.load(global)
            var rows: [Row] = []
            for server in context.config.servers {
                var row = Row(
                    name: server.name, url: server.url.absoluteString,
                    apiKey: server.apiKeySource?.description ?? "none", tls: Self.describe(server))
                if check { row.health = await Self.health(context, server) }
                rows.append(row)
            }
            if json { return try Console.json(rows) }
            Console.table(
                ["NAME", "URL", "API KEY", "TLS"] + (check ? ["HEALTH"] : []),
                rows.map { [$0.name, $0.url, $0.apiKey, $0.tls] + (check ? [$0.health ?? ""] : []) })
        }
    }

    static func describe(_ server: ServerConfig) -> String {
        guard server.usesTLS else { return "none" }
        switch server.trust {
        case .system: return "system"
        case .pemFile(let path): return "ca \(path)"
        case .pinnedSHA256(let pin): return "pin SHA256:\(pin.prefix(16))…"
        case .tofu: return "tofu"
        }
    }

    static func health(_ context: CLIContext, _ server: ServerConfig) async -> String {
        do {
            let connection = try await context.connect(server)
            let health = try await connection.rest.health()
            return "\(health.status) (version \(health.version))"
        } catch {
            return "error: \(error)"
        }
    }
}
