// What the `claudepm` executable hands the runtime: the resolved configuration plus the few
// process-level choices that are not configuration.
import ClientCore

/// Options for `ClientRuntime.run`.
public struct RuntimeOptions: Sendable {
    /// The resolved client configuration (servers and UI options).
    public var config: ClientConfig
    /// Disable colour (`--no-color` or `NO_COLOR`).
    public var noColor: Bool
    /// Where to log; nil means `LogFile.defaultPath()`.
    public var logPath: String?
    /// The terminal to read keys from.
    public var inputFD: Int32
    /// The terminal to draw on.
    public var outputFD: Int32

    /// Options for `config`, drawing on standard input and output.
    public init(
        config: ClientConfig, noColor: Bool = false, logPath: String? = nil, inputFD: Int32 = 0, outputFD: Int32 = 1
    ) {
        self.config = config
        self.noColor = noColor
        self.logPath = logPath
        self.inputFD = inputFD
        self.outputFD = outputFD
    }
}
