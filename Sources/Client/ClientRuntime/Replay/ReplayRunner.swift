// `claudepm replay`'s entry: the replay viewer on the same loop, terminal guard and ncurses
// surface as the UI, so the terminal is restored on every exit; no server is involved.
import ClientCore
import Foundation
import TUI

#if canImport(Glibc)
    import Glibc
#endif

/// How the replay viewer runs.
public struct ReplayOptions: Sendable {
    /// The terminal's input and output.
    public var inputFD: Int32 = 0
    /// The terminal's output.
    public var outputFD: Int32 = 1
    /// No colours (`--no-color`, or NO_COLOR set).
    public var noColor = false

    /// The defaults: standard input and output, colours as the terminal has them.
    public init() {}
}

extension ClientRuntime {
    /// Shows `cast` (named `title`) until the user leaves; returns the exit code (0, or 128 +
    /// the signal that ended it).
    public static func replay(_ cast: Asciicast, title: String, options: ReplayOptions) async throws -> Int32 {
        guard isatty(options.inputFD) == 1, isatty(options.outputFD) == 1 else {
            throw RuntimeError.notATerminal("claudepm replay needs a terminal on standard input and output")
        }
        let queue = try EventQueue<RuntimeEvent>()
        let result = await LoopThread.run(name: "claudepm-replay") {
            Result { () throws(RuntimeError) -> Int32 in
                try runReplay(cast, title: title, options: options, queue: queue)
            }
        }
        return try result.get()
    }

    private static func runReplay(
        _ cast: Asciicast, title: String, options: ReplayOptions, queue: EventQueue<RuntimeEvent>
    ) throws(RuntimeError) -> Int32 {
        try onTerminal(inputFD: options.inputFD, outputFD: options.outputFD, queue: queue) { terminal, reader in
            let environment = ProcessInfo.processInfo.environment
            let noColor = options.noColor || environment["NO_COLOR"].map { !$0.isEmpty } == true
            let depth = ColourDepth.detect(
                mode: noColor ? .none : UIOptions.default.colourMode, environment: environment,
                terminalColours: terminal.surface.terminalColours,
                directColour: terminal.surface.terminalDirectColour)
            let theme = Theme(glyphs: Glyphs.select(environment: environment), depth: depth)
            let app = ReplayApp(
                cast: cast, title: title, terminal: terminal, theme: theme, size: terminal.currentSize())
            UILoop(client: app, queue: queue, reader: reader, framesPerSecond: UIOptions.default.frameCap).run()
            return app.exitSignal.map { 128 + $0 } ?? 0
        }
    }
}
