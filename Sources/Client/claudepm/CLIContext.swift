// Everything a subcommand needs before it can talk to a server: the merged configuration, the
// chosen server, its API key (never printed) and its TLS trust (asking on first use like ssh).

import ArgumentParser
import ClientCore
import ClientNetwork
import Foundation

/// A server ready to use: its config, key and TLS setup.
struct Connection: Sendable {
    var server: ServerConfig
    var apiKey: APIKey?
    var tls: ResolvedTLS?

    var rest: RESTClient { RESTClient(server: server, apiKey: apiKey, tls: tls) }
}

/// The resolved configuration of one CLI run.
struct CLIContext {
    let config: ClientConfig
    let options: GlobalOptions
    let environment: [String: String]

    /// Reads and merges the config file, the environment and the flags (`readOnly`: the UI's
    /// `--read-only`, which makes every server read-only).
    static func load(_ options: GlobalOptions, readOnly: Bool = false) throws -> CLIContext {
        let environment = ProcessInfo.processInfo.environment
        let path = options.config ?? ConfigPaths.configFile(environment: environment)
        var text: String?
        if let path, let data = FileManager.default.contents(atPath: path) {
            text = String(decoding: data, as: UTF8.self)
        } else if let explicit = options.config {
            throw CLIFailure(message: "cannot read config file \(explicit)", code: CLIExit.usage)
        }
        var flags = options.configFlags
        flags.readOnly = readOnly
        do {
            let config = try ClientConfig.resolve(
                fileText: text, filePath: path ?? "config.toml", environment: environment, flags: flags)
            return CLIContext(config: config, options: options, environment: environment)
        } catch {
            throw CLIFailure(error)
        }
    }

    /// The server single-server commands use: `--server`, else the first configured one.
    var primaryServer: ServerConfig {
        config.servers.first ?? .localDefault
    }

    /// Loads the key and resolves TLS for `server`.
    func connect(_ server: ServerConfig) async throws -> Connection {
        do {
            let key = try ClientAPIKeyLoader.load(for: server, environment: environment)
            let setup = TLSSetup(
                knownHostsPath: ConfigPaths.knownHostsFile(environment: environment),
                acceptedFingerprint: options.trustFingerprint,
                confirm: isatty(STDIN_FILENO) == 1 ? Self.askOnTerminal : nil)
            let tls = try await setup.resolve(server)
            return Connection(server: server, apiKey: key, tls: tls)
        } catch {
            throw CLIFailure(error)
        }
    }

    /// Connects to the primary server.
    func connectPrimary() async throws -> Connection {
        try await connect(primaryServer)
    }

    /// Asks on the terminal whether to trust a new certificate, like ssh.
    @Sendable static func askOnTerminal(hostPort: String, fingerprint: String) async -> Bool {
        Console.error(KnownHosts.firstUsePrompt(hostPort: hostPort, fingerprint: fingerprint) + " ", newline: false)
        guard let answer = readLine() else { return false }
        return answer.trimmingCharacters(in: .whitespaces).lowercased() == "yes"
    }
}

/// Runs a command body, turning errors into a message on stderr and a documented exit code.
func reportingFailures(_ body: () async throws -> Void) async throws {
    do {
        try await body()
    } catch let failure as CLIFailure {
        Console.error("claudepm: \(failure.message)")
        throw ExitCode(failure.code)
    } catch let error as ClientNetworkError {
        Console.error("claudepm: \(error.description)")
        throw ExitCode(CLIExit.code(for: error))
    }
}
