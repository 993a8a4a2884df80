// `claudepm demo`: starts `claudepm-server --demo --port 0` from next to this executable, reads
// its URL from the first line it prints, points the client at it, and stops it on exit.

import ArgumentParser
import ClientCore
import ClientNetwork
import Foundation

struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Run a local demo server and open the client on it.",
        discussion: """
            Starts claudepm-server --demo on a free loopback port (found next to the claudepm
            executable), then opens the terminal UI on it, or streams its events when the UI is not
            available. The server stops when claudepm exits.

            Examples:
              claudepm demo
              claudepm demo --read-only
              claudepm demo --watch --json
            """)

    @Flag(help: "Stream events instead of opening the terminal UI.")
    var watch = false

    @Flag(help: "With --watch: print JSON lines.")
    var json = false

    @Flag(help: "Watch only: the UI sends no keys, answers or board actions.")
    var readOnly = false

    mutating func run() async throws {
        let (watch, json, readOnly) = (self.watch, self.json, self.readOnly)
        NetworkThreads.useOne()
        try await reportingFailures {
            let server = try DemoServer.start()
            defer { server.stop() }
            Console.error("demo server at \(server.url.absoluteString)")
            var config = ServerConfig(name: "demo", url: server.url)
            config.readOnly = readOnly
            let connection = Connection(server: config, apiKey: nil, tls: nil)
            if watch || !UILauncher.isAvailable {
                let signalSources = server.stopOnSignals()
                defer { withExtendedLifetime(signalSources) {} }
                try await WatchCommand.watch([connection], json: json, heartbeat: nil)
            } else {
                // The UI owns SIGINT/SIGTERM/SIGHUP (its terminal guard restores the terminal and
                // ends the loop, status 128+signal); the server stops on the way out (defer), and
                // its lifeline stops it even if this process dies.
                try await UILauncher.runUI([connection])
            }
        }
    }
}
