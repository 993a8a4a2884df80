// The replay viewer on the UI loop (`claudepm replay`): keys → ReplayPlayer → the replayed
// screen (ReplayScreen) → ReplayView → compositor. While playing it wakes for the next event
// (and at least every quarter second, for the clock); paused, it sleeps until a key.
import ClientCore
import Foundation
import TUI

#if canImport(Glibc)
    import Glibc
#endif

/// The replay viewer.
final class ReplayApp: UILoopClient {
    typealias Event = RuntimeEvent

    private let cast: Asciicast
    private let title: String
    private(set) var player: ReplayPlayer
    private let replayed: ReplayScreen
    private let mirror = TerminalScreenMirror()
    private let terminal: CursesTerminal?
    private let compositor: Compositor?
    private let view: ReplayView
    private let degrader: ColourDegrader
    private var keyDecoder = TimedKeyDecoder()
    private var size: GridSize
    private var lastNow = Duration.zero
    private(set) var isFinished = false
    /// The signal that ended the viewer, if one did.
    private(set) var exitSignal: Int32?

    /// A viewer of `cast` named `title`, drawing on `terminal` (nil in tests) with `theme`.
    init(cast: Asciicast, title: String, terminal: CursesTerminal?, theme: Theme, size: GridSize) {
        self.cast = cast
        self.title = title
        player = ReplayPlayer(cast)
        replayed = ReplayScreen(cast)
        self.terminal = terminal
        compositor = terminal.map { Compositor(surface: $0.surface) }
        view = ReplayView(theme: theme)
        degrader = ColourDegrader(depth: theme.depth)
        self.size = size
    }

    /// The screen at the player's position (for tests).
    var screen: TerminalScreenMirror {
        mirror.update(from: replayed.screen)
        return mirror
    }

    func handle(_ batch: LoopBatch<RuntimeEvent>, now: Duration) -> Bool {
        var dirty = false
        lastNow = now
        if let signal = batch.signals.first(where: { $0 == SIGINT || $0 == SIGTERM || $0 == SIGHUP }) {
            exitSignal = signal
            isFinished = true
            return false
        }
        if batch.signals.contains(SIGWINCH), let terminal {
            size = terminal.currentSize()
            terminal.resize(to: size)
            compositor?.invalidate()
            dirty = true
        }
        if batch.inputClosed { isFinished = true }
        let clock = RuntimeApp.monotonic(now)
        for key in keyDecoder.keys(from: batch.inputChunks, now: now) {
            switch ReplayKeys.action(for: key) {
            case .quit: isFinished = true
            case .command(let command): player.apply(command, now: clock)
            case nil: continue
            }
            dirty = true
        }
        player.advance(now: clock)
        dirty = replayed.move(to: player.position) || dirty
        return dirty || player.playing
    }

    func render(now: Duration) {
        guard let compositor else { return }
        var frame = CellBuffer(size: size)
        mirror.update(from: replayed.screen)
        let cursor = view.draw(mirror: mirror, status: status(now: now), into: &frame)
        if degrader.depth != .truecolor { frame.mapStyles(where: degrader.changes) { degrader.map($0) } }
        compositor.present(frame, cursor: cursor)
    }

    /// What the status line shows at `now`.
    func status(now: Duration) -> ReplayStatus {
        let duration = max(player.duration, 0)
        let markers = player.markers.map { duration > 0 ? player.times[$0 - 1] / duration : 0 }
        return ReplayStatus(
            title: title, playing: player.playing, time: player.time(now: RuntimeApp.monotonic(now)),
            duration: duration, speed: player.speed, markers: markers, skipped: cast.skipped)
    }

    func nextDeadline() -> Duration? {
        var deadlines = [keyDecoder.escapeDeadline]
        if let due = player.nextDeadline() { deadlines.append(.nanoseconds(due.nanoseconds)) }
        if player.playing { deadlines.append(lastNow + .milliseconds(250)) }
        return deadlines.compactMap { $0 }.min()
    }
}
