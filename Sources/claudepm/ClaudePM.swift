import ArgumentParser

/// The `claudepm` command: the terminal client for Claude PM servers.
@main
struct ClaudePM: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "claudepm",
        abstract: "Watch and steer many Claude Code sessions from a terminal.",
        discussion: """
            claudepm talks to a Claude PM server (the upstream Node server or claudepm-server) \
            over REST and WebSocket.

            Examples:
              claudepm                 open the terminal UI on the configured servers
              claudepm demo            run an embedded demo server and open the UI on it
              claudepm sessions --json list sessions for a script
            """
    )
}
