// A rectangle of the frame that is drawn once and copied into later frames while the inputs it
// was drawn from are unchanged. The session list next to a busy wall changes about once a
// second, while the tiles beside it change every frame.

import ClientCore
import Foundation

/// Caches the cells a view drew into one rectangle, keyed by the view's inputs.
///
/// The view must draw only inside the rectangle, and what it draws there must depend only on
/// `Key` (it paints the whole rectangle first, so earlier content does not matter).
final class RegionCache<Key: Equatable> {
    private var key: Key?
    private var area = Rect.zero
    private var cells: [FrameCell] = []
    /// How many times the view was drawn (for tests).
    private(set) var redraws = 0

    /// Copies the cached cells into `rect` of `frame` if `key` and `rect` match the last draw;
    /// otherwise runs `draw` and keeps what it drew in `rect`.
    func draw(_ key: Key, rect: Rect, into frame: inout CellBuffer, draw: (inout CellBuffer) -> Void) {
        let clipped = rect.intersection(frame.bounds)
        if key == self.key, clipped == area, cells.count == clipped.width * clipped.height {
            frame.paste(cells, in: clipped)
            return
        }
        draw(&frame)
        cells = frame.cells(in: clipped)
        area = clipped
        self.key = key
        redraws += 1
    }
}

/// What the session list is drawn from.
struct ListInputs: Equatable {
    let sessions: SessionTable
    let filter: SessionFilter
    let servers: [ServerStatus]
    let selection: SessionKey?
    let now: Date
    let theme: Theme

    init(_ state: AppState, theme: Theme) {
        sessions = state.sessions
        filter = state.filter
        servers = state.servers
        selection = state.selection
        now = state.now
        self.theme = theme
    }
}
