// What a pane subscriber receives.

/// One event of a pane stream: a snapshot first (and again whenever the viewer must start over:
/// the pane was resized, tmux paused it, the viewer fell behind), then the pane's bytes.
public enum PaneStreamEvent: Sendable, Equatable {
    /// Draw the pane anew from this picture (reset the emulator, resize it, feed the bytes).
    case snapshot(PaneSnapshot)
    /// Bytes the pane wrote after the last snapshot, in order.
    case output([UInt8])
    /// The stream is over (pane closed, session gone, tmux gone); the text says why.
    case ended(String)

    /// Bytes this event holds (for queue accounting).
    var size: Int {
        switch self {
        case .snapshot(let s): return s.bytes.count
        case .output(let b): return b.count
        case .ended: return 0
        }
    }
}
