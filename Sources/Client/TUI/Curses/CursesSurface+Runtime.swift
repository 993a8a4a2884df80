// What the client runtime needs from ncurses beyond drawing (added by the runtime helper):
// it reads keys itself (raw bytes from a poll loop), so ncurses must neither peek at input in
// doupdate (typeahead) nor own SIGWINCH; the runtime tells it the new size instead.

@preconcurrency import CNCursesW
import ClientCore

extension CursesSurface {
    /// Stops ncurses from checking stdin for typeahead during `doupdate`, which would abandon a
    /// frame half-drawn whenever a key is pending (the runtime reads input itself).
    public func disableTypeahead() {
        typeahead(-1)
    }

    /// Resizes ncurses' screens to `size` after SIGWINCH (the runtime owns that signal).
    public func resize(to size: GridSize) {
        resizeterm(Int32(max(size.rows, 1)), Int32(max(size.cols, 1)))
        markFullRepaint()
    }
}
