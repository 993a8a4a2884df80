// `claudepm-bench`: runs the benchmark scenarios against a real claudepm-server and, in the same
// run, the same work through a local `tmux attach` client, and prints/writes the results table.
// Scripts/bench builds it in release mode and calls it; see docs/performance.md.
import ArgumentParser
import Foundation

/// The benchmark command line.
@main
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "claudepm-bench",
        abstract: "Benchmarks claudepm-server (PTY path, pane streams, fan-out, idle cost, waiting detection).",
        subcommands: [RunCommand.self, GenerateANSICommand.self, GenerateOutputCommand.self, LatencyProxyCommand.self],
        defaultSubcommand: RunCommand.self
    )
}

/// `claudepm-bench generate-ansi`: writes the deterministic flood file.
struct GenerateANSICommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate-ansi", abstract: "Write the deterministic mixed-ANSI flood file.")

    @Option(help: "Approximate size in bytes.") var bytes = 50_000_000
    @Option(help: "Output file.") var output: String

    func run() throws {
        var generator = ANSIGenerator()
        try Data(generator.generate(bytes: bytes)).write(to: URL(fileURLWithPath: output))
    }
}

/// `claudepm-bench run`: the scenarios.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "run", abstract: "Run the scenarios.")

    @Option(help: "claudepm-server executable (omit to measure tmux only).") var serverBin: String?
    @Flag(help: "A short run: fewer keys, rounds and clients, a 5 MB flood.") var quick = false
    @Option(help: "claudepm executable for the TUI scenarios (omit to skip them).") var clientBin: String?
    @Option(
        help: """
            Comma-separated scenarios: echo, flood, fanout, idle-server, waiting, idle, start, wall, memory, \
            switch, keys, journal, many (10,000 sessions; runs last), demo (needs --demo-script), typing (not \
            in the default set).
            """)
    var scenarios = "echo,flood,fanout,idle-server,waiting,idle,start,wall,memory,switch,keys,journal,many,demo"
    @Option(help: "Scripts/demo, for the demo scenario (its second start to the first frame; omit to skip it).")
    var demoScript: String?
    @Option(help: "Markdown file whose generated block is replaced with the results.") var output: String?
    @Option(help: "The command line to record in the report.") var commandLine: String?

    func run() async throws {
        InterruptCleanup.install()
        let loadBefore = Report.loadAverage()
        let binary = serverBin.flatMap { FileManager.default.isExecutableFile(atPath: $0) ? $0 : nil }
        let environment = try await BenchEnvironment.create(serverBinary: binary)
        var runner = ScenarioRunner(environment: environment, quick: quick)
        if binary == nil { runner.notes.append("No claudepm-server executable given or found: tmux baselines only.") }
        if let problem = environment.serverProblem { runner.notes.append(problem) }
        let wanted = Set(scenarios.split(separator: ",").map(String.init))
        for name in ["echo", "flood", "fanout"] where wanted.contains(name) {
            await runner.run(name)
        }
        if environment.serverRestarts > 0 {
            runner.notes.append(
                "claudepm-server exited after PTY connections closed and was restarted "
                    + "\(environment.serverRestarts) times (same port and data; it re-adopts its sessions).")
        }
        await environment.tearDown()
        await runner.runServerScenarios(wanted, serverBinary: binary)
        await runTUIScenarios(wanted, runner: &runner, serverBinary: binary)
        if wanted.contains("demo") { await runner.demoStart(script: demoScript) }
        try printAndWrite(runner, loadBefore: loadBefore)
    }

    private func printAndWrite(_ runner: ScenarioRunner, loadBefore: String) throws {
        let command = commandLine ?? CommandLine.arguments.joined(separator: " ")
        print(Report.table(runner.rows))
        runner.notes.forEach { print("- \($0)") }
        if let output {
            let block = Report.block(
                rows: runner.rows, command: command, notes: runner.notes, loadBefore: loadBefore,
                loadAfter: Report.loadAverage())
            try Report.write(block: block, to: output)
        }
    }

    private func runTUIScenarios(_ wanted: Set<String>, runner: inout ScenarioRunner, serverBinary: String?) async {
        // `many` last: the 10,000 sessions it adds stay in the stage.
        let order = ["idle", "start", "wall", "memory", "switch", "typing", "keys", "journal", "many"]
        let names = order.filter { wanted.contains($0) }
        guard !names.isEmpty else { return }
        guard let serverBinary, let clientBin, FileManager.default.isExecutableFile(atPath: clientBin) else {
            runner.notes.append("TUI scenarios need --server-bin and --client-bin (claudepm): not run.")
            return
        }
        let stage: TUIStage
        do {
            stage = try await TUIStage.create(serverBinary: serverBinary, clientBinary: clientBin)
        } catch {
            runner.notes.append("TUI stage could not be set up: \(error)")
            return
        }
        for name in names {
            runner.log("scenario \(name)…")
            do { try await runner.runTUI(name, stage: stage) } catch {
                runner.notes.append("\(name) failed: \(error)")
                runner.log("\(name) failed: \(error)")
            }
        }
        stage.tearDown()
    }
}
