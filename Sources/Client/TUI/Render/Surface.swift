// Where finished frames go. The compositor only ever calls these four methods, so the real
// terminal (`CursesSurface`) and the test double (`RecordingSurface`, TestSupport) see the same
// calls.

import ClientCore

/// A terminal-like target that receives changed runs of cells and a commit per frame.
public protocol Surface: AnyObject {
    /// The surface's current size in cells.
    var size: GridSize { get }
    /// Draws `cells` starting at `row`, `col`. Continuation cells are included for wide
    /// characters; the surface skips them.
    func write(row: Int, col: Int, cells: ArraySlice<FrameCell>)
    /// Forgets everything shown (after a resize); the next writes repaint the whole screen.
    func clear()
    /// Places the cursor, or hides it when `cursor` is nil.
    func placeCursor(_ cursor: CursorPlacement?)
    /// Makes the frame visible, once per frame.
    func commit()
}
