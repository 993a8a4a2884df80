// The replayed screen: a TerminalScreen fed a recording's events up to the player's position.
// Going forward feeds the events in between; going back starts from the latest keyframe at or
// before the position (the screen's exact image, taken every `keyframeBytes` of output on the
// way forward), so a step back replays at most that much.
import ClientCore
import TerminalScreen

/// A recording's screen at a position.
final class ReplayScreen {
    /// Output fed between two keyframes.
    static let keyframeBytes = 256 << 10

    private struct Keyframe {
        var position: Int
        var rows: Int
        var cols: Int
        var bytes: [UInt8]
    }

    private let cast: Asciicast
    /// The screen at `position`.
    private(set) var screen: TerminalScreen
    /// Events fed into `screen`.
    private(set) var position = 0
    private var keyframes: [Keyframe]
    private var sinceKeyframe = 0

    init(_ cast: Asciicast) {
        self.cast = cast
        screen = TerminalScreen(rows: cast.rows, cols: cast.cols)
        keyframes = [Keyframe(position: 0, rows: cast.rows, cols: cast.cols, bytes: [])]
    }

    /// Brings the screen to `target` events; returns whether it changed.
    @discardableResult
    func move(to target: Int) -> Bool {
        let target = min(max(target, 0), cast.events.count)
        guard target != position else { return false }
        if target < position, let keyframe = keyframes.last(where: { $0.position <= target }) {
            screen = TerminalScreen(rows: keyframe.rows, cols: keyframe.cols)
            screen.feed(keyframe.bytes)
            position = keyframe.position
            sinceKeyframe = 0
        }
        while position < target {
            apply(cast.events[position].kind)
            position += 1
            if sinceKeyframe >= Self.keyframeBytes, position > (keyframes.last?.position ?? 0) {
                keyframes.append(
                    Keyframe(position: position, rows: screen.rows, cols: screen.cols, bytes: screen.image().encoded()))
                sinceKeyframe = 0
            }
        }
        return true
    }

    private func apply(_ kind: Asciicast.Kind) {
        switch kind {
        case .output(let text):
            screen.feed(text)
            _ = screen.takeOutput()  // answers to the recording's queries go nowhere
            sinceKeyframe += text.utf8.count
        case .resize(let cols, let rows): screen.resize(rows: rows, cols: cols)
        case .marker, .input: break
        }
    }
}
