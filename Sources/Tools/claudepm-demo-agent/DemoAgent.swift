// claudepm-demo-agent: a scripted stand-in for Claude Code that runs in a tmux pane. It draws a
// Claude-Code-like screen, "works", asks a permission or free question, waits for the answer,
// reacts, and loops; and it posts Claude-Code-style hooks to a Claude PM server. See docs/demo-agent.md.
import ArgumentParser
import Foundation

/// The `claudepm-demo-agent` command: a scripted stand-in for Claude Code used by the demo and tests.
@main
struct DemoAgent: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "claudepm-demo-agent",
        abstract: "A scripted stand-in for Claude Code, for claudepm's demo and tests.",
        discussion: """
            Keys: while asked for permission, 1/y/Enter approves and 2/n/Esc declines; a free question takes
            typed text and Enter. q quits (except while typing an answer); Ctrl-C always quits.
            Hooks go to --hook-url (or $CLAUDEPM_HOOK_URL), e.g. http://127.0.0.1:3000/api/hooks/claude,
            with $CLAUDEPM_SESSION_ID as claudepm_session_id and $CLAUDEPM_API_KEY (or the key in the file
            $CLAUDEPM_API_KEY_FILE names) as X-API-Key if set.
            """)

    @Option(help: "Seed for the random script (default: random).") var seed: UInt64?
    @Option(help: "Speed multiplier; tests use 10 or more.") var speed: Double = 1
    @Option(help: "Ticket key shown in the header, e.g. CSM-003.") var ticket: String?
    @Option(help: "Title shown in the header.") var title: String = "Claude Code (demo)"
    @Option(help: "Seconds of (scripted) work before each question (default: random 8–20).") var askAfter: Double?
    @Option(help: "Questions to ask: permission, free or mixed (default: $CLAUDEPM_DEMO_QUESTIONS, else mixed).")
    var questions: String?
    @Option(help: "URL to POST hook JSON to (default: $CLAUDEPM_HOOK_URL).") var hookURL: String?

    func validate() throws {
        guard speed > 0 else { throw ValidationError("--speed must be positive") }
        guard questionMode(ProcessInfo.processInfo.environment) != nil else {
            throw ValidationError("--questions (or $CLAUDEPM_DEMO_QUESTIONS) must be permission, free or mixed")
        }
        if let askAfter, askAfter < 0 { throw ValidationError("--ask-after must not be negative") }
    }

    /// The question mode: the option, else `$CLAUDEPM_DEMO_QUESTIONS` (how a test gives the demo's
    /// agents one mode: they inherit the server's environment through its tmux server), else mixed;
    /// nil for a name that is none of them.
    func questionMode(_ environment: [String: String]) -> QuestionMode? {
        QuestionMode(
            rawValue: questions ?? environment["CLAUDEPM_DEMO_QUESTIONS"].flatMap { $0.isEmpty ? nil : $0 } ?? "mixed")
    }

    /// `$CLAUDEPM_API_KEY`, or the first line of the file `$CLAUDEPM_API_KEY_FILE` names (how
    /// `claudepm-server --demo` hands its key over: never in an argument list).
    static func apiKey(_ environment: [String: String]) -> String? {
        if let key = environment["CLAUDEPM_API_KEY"], !key.isEmpty { return key }
        guard let path = environment["CLAUDEPM_API_KEY_FILE"],
            let text = try? String(contentsOfFile: path, encoding: .utf8)
        else { return nil }
        let key = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        return key.isEmpty ? nil : key
    }

    func run() throws {
        // Widths of CJK and emoji need a UTF-8 LC_CTYPE; this machine may only have C.UTF-8.
        if setlocale(LC_CTYPE, "") == nil || TextWidth.of("漢") != 2 { setlocale(LC_CTYPE, "C.UTF-8") }
        let environment = ProcessInfo.processInfo.environment
        let seed = seed ?? UInt64.random(in: 0...UInt64(UInt32.max))
        let cwd = FileManager.default.currentDirectoryPath
        let hooks = HookClient(
            url: (hookURL ?? environment["CLAUDEPM_HOOK_URL"]).flatMap(URL.init(string:)),
            claudepmSessionId: environment["CLAUDEPM_SESSION_ID"], cwd: cwd, apiKey: Self.apiKey(environment))
        let script = AgentScript(
            seed: seed, askAfter: askAfter, mode: questionMode(environment) ?? .mixed, ticket: ticket)
        let screen = AgentScreen(title: title, ticket: ticket, cwd: cwd, seed: seed)
        AgentLoop(script: script, screen: screen, hooks: hooks, speed: speed).run()
    }
}
