// `claudepm send`: type into a session. Text goes through POST /input (Enter appended), tmux key
// names through POST /keys (a word tmux does not take as a key is refused before anything is
// sent: tmux would type it as text), and `--no-enter` text as raw bytes over the socket
// (session:keys).

import ArgumentParser
import ClaudePMProtocol
import ClientCore
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

            A word --keys does not know as a key (a typo such as Escpe, which tmux would type as
            text) is refused with status 64 before anything is sent.
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: "Session id, id prefix, pane name or ticket key.")
    var session: String

    @Argument(help: "The text (several words are joined with spaces).")
    var text: [String] = []

    @Flag(
        help: "Treat the text as tmux key names separated by spaces (C-c, Escape, Enter…); unknown names are refused.")
    var keys = false

    @Flag(help: "Do not press Enter after the text.")
    var noEnter = false

    func validate() throws {
        if text.isEmpty { throw ValidationError("nothing to send: give the text after the session") }
        if keys && noEnter { throw ValidationError("--keys and --no-enter cannot be combined") }
        if keys { try Self.checkKeyNames(text.joined(separator: " ")) }
    }

    /// Refuses words tmux would type as text instead of pressing a key (a typo such as `Escpe`
    /// would reach Claude as input): exit 64, naming them and listing the forms `--keys` takes.
    static func checkKeyNames(_ keys: String) throws {
        let unknown = TmuxKeyName.unknown(in: keys)
        guard !unknown.isEmpty else { return }
        let named = unknown.map { word in
            let safe = TerminalSafeText.escaped(word)
            return TmuxKeyName.suggestion(for: word).map { "'\(safe)' (did you mean \($0)?)" } ?? "'\(safe)'"
        }
        let noun = unknown.count == 1 ? "key name" : "key names"
        throw ValidationError(
            "unknown \(noun) \(named.joined(separator: ", ")); nothing was sent.\n\(TmuxKeyName.validForms)")
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
