// The agent's event loop: poll stdin with a short timeout, advance the script by scaled time,
// redraw when the frame or the terminal size changed, post hooks, and restore the terminal on exit.
import Dispatch
import Foundation
import Synchronization

/// Set from signal handlers (SIGTERM, SIGHUP), read by the loop.
final class QuitFlag: Sendable {
    let raised = Atomic<Bool>(false)
}

/// Runs the agent until it quits.
struct AgentLoop {
    var script: AgentScript
    let screen: AgentScreen
    let hooks: HookClient
    let speed: Double

    func run() {
        var script = script
        let terminal = RawTerminal()
        let quit = QuitFlag()
        let sources = installSignalHandlers(quit)
        terminal.enter()
        defer {
            terminal.restore()
            for source in sources { source.cancel() }
            hooks.flush(seconds: 1)
        }
        let start = ContinuousClock.now
        var lastFrame: [String] = []
        var lastSize = (cols: 0, rows: 0)
        while !quit.raised.load(ordering: .relaxed) {
            let now = Double((ContinuousClock.now - start) / .milliseconds(1)) / 1000 * speed
            guard let input = terminal.read(timeout: 50) else { return }
            var effects = script.tick(now: now)
            for byte in input { effects += script.key(byte, now: now) }
            for effect in effects {
                switch effect {
                case .quit: return
                case .hook(let hook): hooks.post(hook)
                }
            }
            let size = terminal.size()
            let frame = screen.rows(script: script, cols: size.cols, rows: size.rows, now: now)
            let cursor = screen.cursor(script: script, cols: size.cols, rows: size.rows, now: now)
            if size != lastSize {
                terminal.write("\u{1B}[2J")
                lastSize = size
                lastFrame = []
            }
            if frame != lastFrame {
                terminal.write(AgentScreen.render(frame, cursor: cursor))
                lastFrame = frame
            }
        }
    }

    /// SIGTERM/SIGHUP/SIGINT end the loop cleanly (the terminal is restored). SIGWINCH needs no
    /// handler: the size is read on every loop turn and a change redraws the whole screen.
    private func installSignalHandlers(_ quit: QuitFlag) -> [DispatchSourceSignal] {
        [SIGTERM, SIGHUP, SIGINT].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { quit.raised.store(true, ordering: .relaxed) }
            source.resume()
            return source
        }
    }
}
