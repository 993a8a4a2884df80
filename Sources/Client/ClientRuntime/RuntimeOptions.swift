// What the `claudepm` executable hands the runtime: the servers with the credentials it resolved
// (prompts must happen before the UI takes the screen), the UI options, and process details.
import ClientCore

/// Options for `ClientRuntime.run`.
public struct RuntimeOptions: Sendable {
    /// The servers to show, in configuration order.
    public var servers: [RuntimeServer]
    /// UI options (detach key, tile size, colours, notifications, frame cap).
    public var ui: UIOptions
    /// Disable colour (`--no-color`; `NO_COLOR` is honoured as well).
    public var noColor: Bool
    /// Where to log; nil means `LogFile.defaultPath()` ($XDG_STATE_HOME/claudepm/claudepm.log).
    public var logPath: String?
    /// The terminal to read keys from.
    public var inputFD: Int32
    /// The terminal to draw on.
    public var outputFD: Int32

    /// Options for `servers`, drawing on standard input and output.
    public init(
        servers: [RuntimeServer], ui: UIOptions = .default, noColor: Bool = false, logPath: String? = nil,
        inputFD: Int32 = 0, outputFD: Int32 = 1
    ) {
        self.servers = servers
        self.ui = ui
        self.noColor = noColor
        self.logPath = logPath
        self.inputFD = inputFD
        self.outputFD = outputFD
    }
}
