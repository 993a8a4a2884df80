// A handle on one tmux server (the default one, or a private socket), driven only through argv
// arrays: no shell ever sees a session name, a title or text typed into a pane.
import Foundation

/// Runs tmux commands against one tmux server.
///
/// Every method builds an argv array; user data is escaped for tmux's own command parser
/// (see `TmuxArgument`). A `socketName` gives a private server (`tmux -L name`); `configFile`
/// (e.g. `/dev/null` in tests) is passed as `-f` and only matters when a command starts the server.
public struct Tmux: Sendable {
    /// The tmux program: a path, or a name looked up in PATH.
    public let executable: String
    /// The `-L` socket name, or nil for the user's default tmux server.
    public let socketName: String?
    /// The `-f` configuration file used when a command starts the server, or nil for tmux's default.
    public let configFile: String?

    /// Creates a handle. `socketName` → `["-L", name]`; `configFile` → `["-f", path]`.
    public init(socketName: String? = nil, executable: String = "tmux", configFile: String? = nil) {
        self.socketName = socketName
        self.executable = executable
        self.configFile = configFile
    }

    /// The arguments put before every tmux command, e.g. `["-L", name]` or `["-L", name, "-f", "/dev/null"]`.
    public var baseArguments: [String] {
        var arguments: [String] = []
        if let socketName { arguments += ["-L", socketName] }
        if let configFile { arguments += ["-f", configFile] }
        return arguments
    }

    /// Runs one tmux command (`arguments` without the executable and base arguments) and returns stdout.
    /// Every argument is escaped so that a trailing `;` is literal. Throws `TmuxError.commandFailed`.
    @discardableResult
    public func run(_ arguments: [String]) async throws -> String {
        try await runCommands([arguments])
    }

    /// Runs several tmux commands in one invocation, joined by tmux's `;` separator.
    @discardableResult
    func runCommands(_ commands: [[String]]) async throws(TmuxError) -> String {
        var argv = baseArguments
        for (index, command) in commands.enumerated() {
            if index > 0 { argv.append(";") }
            argv += command.map(TmuxArgument.escapingSeparator)
        }
        let result = try await ProcessRunner.run(
            executable: executable, arguments: argv, environment: Self.childEnvironment())
        let stdout = String(decoding: result.stdout, as: UTF8.self)
        guard result.status == 0 else {
            let stderr = String(decoding: result.stderr, as: UTF8.self)
            throw .commandFailed(
                arguments: commands.first ?? [], status: result.status,
                stderr: stderr.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return stdout
    }

    /// True when the tmux program can be found and reports a version.
    public func isAvailable() async -> Bool {
        guard
            let result = try? await ProcessRunner.run(
                executable: executable, arguments: ["-V"], environment: Self.childEnvironment())
        else { return false }
        return result.status == 0
    }

    /// Kills this tmux server and every session in it. Errors (e.g. no server) are ignored.
    public func killServer() async {
        _ = try? await runCommands([["kill-server"]])
    }

    /// The environment for tmux processes we start: ours, without `TMUX`/`TMUX_PANE` (so a server
    /// that itself runs inside tmux can still create and attach sessions) and with a UTF-8 locale.
    public static func childEnvironment(
        base: [String: String] = ProcessInfo.processInfo.environment
    ) -> [String: String] {
        var environment = base
        environment["TMUX"] = nil
        environment["TMUX_PANE"] = nil
        if environment["LANG"] == nil && environment["LC_ALL"] == nil && environment["LC_CTYPE"] == nil {
            environment["LANG"] = "C.UTF-8"
        }
        return environment
    }
}
