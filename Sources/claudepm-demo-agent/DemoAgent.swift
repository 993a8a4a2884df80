import ArgumentParser

/// The `claudepm-demo-agent` command: a scripted stand-in for Claude Code used by the demo and tests.
@main
struct DemoAgent: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "claudepm-demo-agent",
        abstract: "A scripted stand-in for Claude Code, for claudepm's demo and tests."
    )
}
