// ClientRuntime: the entry point of the terminal UI, joining network, terminal screens and UI. `run`
// resolves nothing itself (the CLI did that: servers, keys, TLS trust); it installs the terminal
// guard, starts ncurses, connects the servers (after queueing their cached state, so the first
// frame shows it), runs the single UI loop (`UILoop`) on a thread of its own until the user quits
// or a terminating signal arrives, and always gives the terminal back as it found it.
// Must not import: any server module (ServerCore, ServerHTTP), GRDB, Hummingbird.
// Data flow: keys, frames and timers -> one loop -> reduce (ClientCore) -> effects (ClientNetwork)
// and frames (TUI), with every TerminalScreen owned by that loop.
import ClientCore
import Foundation
import Logging
import TUI

#if canImport(Glibc)
    import Glibc
#endif

/// The terminal UI of claudepm.
public enum ClientRuntime {
    /// Runs the UI on `options` until the user quits; returns the process exit code
    /// (0 after a normal quit, 128 + signal after SIGINT/SIGTERM/SIGHUP).
    public static func run(options: RuntimeOptions) async throws -> Int32 {
        guard isatty(options.inputFD) == 1, isatty(options.outputFD) == 1 else {
            throw RuntimeError.notATerminal("claudepm's UI needs a terminal on standard input and output")
        }
        routeLogs(to: options.logPath ?? LogFile.defaultPath())
        let queue = try EventQueue<RuntimeEvent>()
        let backend = NetworkBackend(servers: options.servers, queue: queue)
        backend.postCachedState()
        backend.start()
        let result = await LoopThread.run(name: "claudepm-ui") {
            Result { () throws(RuntimeError) -> Int32 in try runLoop(options: options, queue: queue, backend: backend) }
        }
        await backend.stop()
        return try result.get()
    }

    private static func runLoop(
        options: RuntimeOptions, queue: EventQueue<RuntimeEvent>, backend: NetworkBackend
    ) throws(RuntimeError) -> Int32 {
        try onTerminal(inputFD: options.inputFD, outputFD: options.outputFD, queue: queue) { terminal, reader in
            let app = makeApp(options: options, terminal: terminal, backend: backend)
            let loop = UILoop(client: app, queue: queue, reader: reader, framesPerSecond: options.ui.frameCap)
            loop.run()
            app.closeAll()
            backend.cache.saveLooked(app.state.looked.saved(at: Date()))
            Logger(label: "claudepm.runtime").info("ui stopped after \(loop.wakeups) wake-ups, \(loop.frames) frames")
            return app.exitSignal.map { 128 + $0 } ?? 0
        }
    }

    /// Runs `body` with the terminal taken (the guard installed, ncurses started, the input reader
    /// running) and gives the terminal back as it found it afterwards, however `body` ends.
    /// Serves the UI and the replay viewer.
    static func onTerminal(
        inputFD: Int32, outputFD: Int32, queue: EventQueue<RuntimeEvent>,
        _ body: (CursesTerminal, InputReader) -> Int32
    ) throws(RuntimeError) -> Int32 {
        let terminalGuard = TerminalGuard(ttyFD: outputFD, notifyFD: queue.pipe.writeFD)
        try terminalGuard.install()
        let surface = CursesSurface(mouse: false)
        let terminal = CursesTerminal(surface: surface, outputFD: outputFD)
        defer {
            surface.stop()
            terminalGuard.restore()
            terminalGuard.uninstall()
        }
        surface.disableTypeahead()
        terminal.writeRaw(TerminalReset.enterSequence)
        let reader = try InputReader(fd: inputFD, clock: SystemLoopClock())
        defer { reader.stop() }
        return body(terminal, reader)
    }

    private static func makeApp(
        options: RuntimeOptions, terminal: CursesTerminal, backend: NetworkBackend
    )
        -> RuntimeApp
    {
        let environment = ProcessInfo.processInfo.environment
        var ui = options.ui
        if options.noColor || environment["NO_COLOR"].map({ !$0.isEmpty }) == true { ui.colourMode = .none }
        let depth = ColourDepth.detect(
            mode: ui.colourMode, environment: environment, terminalColours: terminal.surface.terminalColours,
            directColour: terminal.surface.terminalDirectColour)
        let renderer = Renderer(
            surface: terminal.surface, depth: depth, glyphs: Glyphs.select(environment: environment))
        var state = AppState(
            servers: options.servers.map(\.config.name), ui: ui, now: Date(),
            clock: RuntimeApp.monotonic(SystemLoopClock().now()), size: terminal.currentSize())
        state.readOnlyServers = Set(options.servers.filter(\.config.readOnly).map(\.config.name))
        return RuntimeApp(
            state: state, renderer: renderer, terminal: terminal, network: backend,
            insideTmux: OuterTerminalAlert.isInsideTmux(environment: environment))
    }

    /// Sends every log line of this process to the log file at `path` (nothing when it cannot be
    /// opened), never to the terminal: the UI owns the screen, and `watch` prints events, not
    /// logs. Once per process, before the first logger is made.
    public static func routeLogs(to path: String) {
        guard let file = try? LogFile(path: path) else {
            LoggingSystem.bootstrap { _ in SwiftLogNoOpLogHandler() }
            return
        }
        LoggingSystem.bootstrap { label in FileLogHandler(label: label, file: file) }
    }
}
