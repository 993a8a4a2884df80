// The `claudepm-server` command: parses options, opens the store, starts the HTTP/WebSocket
// server, prints `listening on URL` as its first stdout line, and shuts down on SIGTERM/SIGINT.
import ArgumentParser
import Foundation
import Logging
import ServerCore
import ServerHTTP

/// The `claudepm-server` command: a Claude PM–compatible server for Linux.
@main
struct ClaudePMServer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "claudepm-server",
        abstract:
            "A Claude PM–compatible server: real tmux sessions, SQLite or PostgreSQL, one port for HTTP and WebSocket.",
        discussion: """
            Sessions are tmux panes; the server re-adopts them after a restart. The API key comes from
            the API_KEY environment variable (at least 32 characters) or --api-key-file (mode 0600), never
            from the command line. Loopback clients are trusted unless --no-trust-loopback.

            Examples:
              claudepm-server                                serve on 127.0.0.1:4847
              claudepm-server --host 0.0.0.0 --api-key-file ~/.config/claudepm/key
              claudepm-server --tls-cert cert.pem --tls-key key.pem
              claudepm-server --demo --port 0                throwaway demo on a free port
              claudepm-server --database postgres://cpm@db/cpm  one store, several hosts
              API_KEY=$(openssl rand -hex 32) claudepm-server --no-trust-loopback
            """
    )

    @Option(help: "Address to listen on.") var host = "127.0.0.1"
    @Option(help: "Port to listen on (0 picks a free one).") var port = 4847
    @Option(help: "Data directory (default: $XDG_DATA_HOME/claudepm-server).") var dataDir: String?
    @Option(
        help: ArgumentHelp(
            """
            Keep the store in PostgreSQL instead of the SQLite file in the data directory: \
            postgres://USER@HOST[:PORT]/DB, or ?host=/socket/dir for a Unix socket. Also from \
            $CLAUDEPM_DATABASE. The password comes from $PGPASSWORD, never from the command line.
            """, valueName: "url"))
    var database: String?
    @Option(
        help: """
            The name this server records its sessions and projects under when several servers share \
            one database (default: the machine's host name; also $CLAUDEPM_HOST_NAME).
            """)
    var hostName: String?
    @Option(help: "File holding the API key (must be mode 0600).") var apiKeyFile: String?
    @Flag(help: "Require the API key from loopback clients too.") var noTrustLoopback = false
    @Option(help: "PEM certificate chain for https/wss.") var tlsCert: String?
    @Option(help: "PEM private key for https/wss.") var tlsKey: String?
    @Option(help: "Write logs to this file instead of stderr.") var logFile: String?
    @Option(help: "tmux socket name (-L) to use instead of the default server.") var tmuxSocket: String?
    @Option(help: "Command run in new session panes.") var command = "claude"
    @Flag(help: "Run a throwaway demo: own data dir and tmux server, a demo project, four sessions.") var demo = false
    @Flag(
        help: """
            Poll tmux every 3 s instead of listening to tmux control mode (the behaviour before pane \
            streams; for comparisons). Pane streams stay available to clients.
            """)
    var pollOnly = false
    @Flag(help: "Keep no journal of the panes' output (rewind, claudepm export).") var noJournal = false
    @Option(help: "Journal kept per pane, in MiB (oldest dropped first).") var journalMib = 64
    @Option(help: "Journal kept per pane, in hours.") var journalHours = 24
    @Flag(help: "Shut down when standard input ends (for a parent process that hands over a pipe).")
    var exitOnStdinEof = false
    @Flag(
        help: ArgumentHelp(
            "Tests only: ignore the stream extensions and serve no metrics, as an upstream server.",
            visibility: .private))
    var upstreamCompat = false

    func validate() throws {
        if (tlsCert == nil) != (tlsKey == nil) { throw ValidationError("--tls-cert and --tls-key go together") }
        if let database, URLComponents(string: database)?.password != nil {
            throw ValidationError("--database: put the password in $PGPASSWORD, not on the command line")
        }
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0–65535") }
        guard journalMib >= 1, journalHours >= 1 else {
            throw ValidationError("--journal-mib and --journal-hours must be at least 1")
        }
    }

    func run() async throws {
        let logger = try LogSetup.make(file: logFile)
        let apiKey: String?
        do { apiKey = try ServerAPIKeyLoader.load(file: apiKeyFile) } catch {
            FileHandle.standardError.write(Data("claudepm-server: \(error)\n".utf8))
            throw ExitCode(2)
        }
        let runner = ServerRunner(command: self, apiKey: apiKey, logger: logger)
        do { try await runner.run() } catch ServerHTTPError.addressInUse(let host, let port) {
            // One sentence instead of NIO's `bind(descriptor:ptr:bytes:): Address already in use (errno: 98)`.
            let sentence =
                "port \(port) on \(host) is already in use (another claudepm-server?). Use --port to choose another."
            FileHandle.standardError.write(Data("claudepm-server: \(sentence)\n".utf8))
            throw ExitCode(1)
        }
    }
}
