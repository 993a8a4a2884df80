// `claudepm watch`: streams every server's events as lines or JSON lines until interrupted,
// reconnecting as the TUI does, and subscribed to all running sessions so that status and
// waiting changes arrive.

import ArgumentParser
import ClaudePMProtocol
import ClientCore
import ClientNetwork
import ClientRuntime
import Foundation

struct WatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Stream server events until interrupted.",
        discussion: """
            Every line names the server. With --json each line is one JSON object:
              {"event":"status","server":"local","status":"connected"}
              {"event":"resynced","notifications":1,"server":"local","sessions":3}
              {"event":"message","message":<the server's frame, byte for byte>,"server":"local"}
              {"error":"API key rejected by local","event":"error","server":"local"}

            Examples:
              claudepm watch
              claudepm watch --json | jq -c 'select(.message.type == "session:waiting")'
            """)

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Print JSON lines.")
    var json = false

    @Option(help: ArgumentHelp("Seconds between keepalive pings.", visibility: .hidden))
    var heartbeat: Double?

    mutating func run() async throws {
        let (json, heartbeat, global) = (self.json, self.heartbeat, self.global)
        // Log lines (each failure's full detail) go to the log file: stdout carries the events and
        // stderr one line per error.
        ClientRuntime.routeLogs(to: LogFile.defaultPath())
        let work = Task {
            try await reportingFailures {
                let context = try CLIContext.load(global)
                var connections: [Connection] = []
                for server in context.config.servers { connections.append(try await context.connect(server)) }
                try await Self.watch(connections, json: json, heartbeat: heartbeat)
            }
        }
        let signals = InterruptSignals { work.cancel() }
        defer { signals.cancel() }
        try await work.value
        if let status = signals.exitStatus { throw ExitCode(status) }
    }

    /// Streams events from `connections` until cancelled (SIGINT/SIGTERM) or until a key is
    /// rejected, then closes every socket with a normal close frame.
    static func watch(_ connections: [Connection], json: Bool, heartbeat: Double?) async throws {
        var configuration = ConnectionMachine.Configuration()
        if let heartbeat { configuration.pingInterval = .milliseconds(Int(heartbeat * 1000)) }
        let sockets = connections.map {
            EventSocket(
                server: $0.server, apiKey: $0.apiKey, tls: $0.tls, configuration: configuration, rawFrames: json)
        }
        let printer = EventPrinter(json: json)
        let rejected = try await withThrowingTaskGroup(of: ClientNetworkError?.self) { group in
            for socket in sockets {
                group.addTask {
                    await socket.start()
                    for await event in socket.events {
                        if json, case .message = event { continue }
                        if case .failure(let server, let error) = event {
                            // A rejected key ends the command, whose exit prints the error.
                            if error.isAuthFailure {
                                if json { printer.print(event) }
                                return error
                            }
                            Console.error("claudepm: [\(server)] \(error.description)")
                            if !json { continue }
                        }
                        printer.print(event)
                    }
                    return nil
                }
            }
            let first = try await group.next() ?? nil
            group.cancelAll()
            // On SIGINT/SIGTERM this task is cancelled, and a cancelled task's write of the close
            // frame is refused: the closing runs in a task of its own.
            await Task { for socket in sockets { await socket.shutdownClosingLink() } }.value
            return first
        }
        if let rejected {
            throw CLIFailure(rejected)
        }
    }
}
