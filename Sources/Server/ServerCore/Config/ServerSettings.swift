// Runtime settings of the server core, filled by the executable from flags and environment.
import Foundation

/// Settings of the server core.
public struct ServerSettings: Sendable {
    /// The argv run in a new pane when the project names no command (default `claude`).
    public var defaultCommand: [String]
    /// Extra environment for new panes (the demo sets PATH etc.).
    public var paneEnvironment: [String: String]
    /// The hook URL passed to panes as `CLAUDEPM_HOOK_URL` (set once the port is known).
    public var hookURL: String?
    /// How long a non-forced stop waits after Ctrl-C before killing the pane.
    public var stopGracePeriod: Duration
    /// Interval of the liveness + capture poll.
    public var pollInterval: Duration
    /// Poll tmux every `pollInterval` instead of listening to tmux control mode (the behaviour
    /// before pane streams; kept for comparison in the benchmark).
    public var pollOnly = false
    /// History lines per capture (upstream: 100).
    public var captureLines: Int
    /// Lines kept in each session's output ring buffer (upstream: 10,000).
    public var bufferLimit: Int
    /// The server version reported by health.
    public var version: String
    /// How a prompt or ticket reaches the command: `claude "<prompt>"`, or the demo agent's
    /// `--ticket KEY --title TITLE` options.
    public var commandStyle: CommandStyle = .claude

    /// How session commands take their prompt.
    public enum CommandStyle: Sendable {
        /// The prompt is one trailing argument (Claude Code).
        case claude
        /// `claudepm-demo-agent --ticket KEY --title TITLE`.
        case demoAgent
    }

    /// Defaults matching the upstream server.
    public init(
        defaultCommand: [String] = ["claude"], paneEnvironment: [String: String] = [:], hookURL: String? = nil,
        stopGracePeriod: Duration = .seconds(5), pollInterval: Duration = .seconds(3), captureLines: Int = 100,
        bufferLimit: Int = 10_000, version: String = "0.1.0"
    ) {
        self.defaultCommand = defaultCommand
        self.paneEnvironment = paneEnvironment
        self.hookURL = hookURL
        self.stopGracePeriod = stopGracePeriod
        self.pollInterval = pollInterval
        self.captureLines = captureLines
        self.bufferLimit = bufferLimit
        self.version = version
    }
}
