// `claudepm send`: type into a session. Text goes through POST /input (Enter appended), tmux key
// names through POST /keys, and `--no-enter` text as raw bytes over the socket (session:keys).

import ArgumentParser
import ClaudePMProtocol
import ClientNetwork

struct SendCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "send",
        abstract: "Send text or keys to a session.",
        discussion: """
            <session> is a session id, a unique id prefix, a pane name or a ticket key (CSM-001).

            Examples:
              claudepm send 1a2b "yes"                 type "yes" and press Enter
              claudepm send CSM-001 --keys C-c         press Ctrl-C (tmux key names)
              claudepm send 1a2b --keys "Escape : w q Enter"
              claudepm send 1a2b --no-enter "partial"  type without pressing Enter
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: "Session id, id prefix, pane name or ticket key.")
    var session: String

    @Argument(help: "The text (several words are joined with spaces).")
    var text: [String] = []

    @Flag(help: "Treat the text as tmux key names separated by spaces (C-c, Escape, Enter…).")
    var keys = false

    @Flag(help: "Do not press Enter after the text.")
    var noEnter = false

    func validate() throws {
        if text.isEmpty { throw ValidationError("nothing to send: give the text after the session") }
        if keys && noEnter { throw ValidationError("--keys and --no-enter cannot be combined") }
    }

    mutating func run() async throws {
        try await reportingFailures {
            let context = try CLIContext.load(global)
            let connection = try await context.connectPrimary()
            let rest = connection.rest
            let sessions = try await rest.sessions()
            let id = try ReferenceResolver.resolve(session, in: sessions.map(\.referable), kind: "session")
            let joined = text.joined(separator: " ")
            if keys {
                try await rest.sendKeys(session: id, keys: joined)
            } else if noEnter {
                try await RawKeySender.send(joined, to: id, connection: connection)
            } else {
                try await rest.sendInput(session: id, text: joined)
            }
        }
    }
}
