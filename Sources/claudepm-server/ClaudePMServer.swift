import ArgumentParser

/// The `claudepm-server` command: a Claude PM–compatible server for Linux.
@main
struct ClaudePMServer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "claudepm-server",
        abstract: "A Claude PM–compatible server: real tmux sessions, SQLite, one port for HTTP and WebSocket.",
        discussion: """
            Examples:
              claudepm-server                    serve on 127.0.0.1:4847
              claudepm-server --demo             throwaway demo with four scripted sessions
            """
    )
}
