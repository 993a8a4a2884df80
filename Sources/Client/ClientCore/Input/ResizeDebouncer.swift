// Collapses a burst of window-size changes (a user dragging the terminal edge) into one
// `pty:resize` sent after the size has been still for a short delay, and never resends the size
// the server already has.

/// Trailing-edge debouncing of terminal sizes.
public struct ResizeDebouncer: Equatable, Sendable {
    /// A terminal size in cells.
    public struct Size: Equatable, Hashable, Sendable, Codable {
        /// Columns.
        public var cols: Int
        /// Rows.
        public var rows: Int

        /// Creates a size.
        public init(cols: Int, rows: Int) {
            self.cols = cols
            self.rows = rows
        }

        /// The size clamped to what the server accepts (cols 1–500, rows 1–200).
        public var clampedForServer: Size {
            Size(cols: min(max(cols, 1), 500), rows: min(max(rows, 1), 200))
        }
    }

    /// How long the size must stay unchanged before it is sent.
    public let delay: Duration
    /// The size the server was last told (or attached with).
    public private(set) var lastSent: Size?
    private var pending: Size?
    private var deadline: MonotonicTime?

    /// Creates a debouncer (100 ms by default).
    public init(delay: Duration = .milliseconds(100)) {
        self.delay = delay
    }

    /// Notes a new size at `now` and returns when to call `fire` (schedule it, replacing any
    /// earlier timer), or nil if nothing needs sending.
    public mutating func resize(to size: Size, now: MonotonicTime) -> MonotonicTime? {
        let clamped = size.clampedForServer
        guard clamped != lastSent || pending != nil else { return nil }
        pending = clamped
        let due = now + delay
        deadline = due
        return due
    }

    /// Returns the size to send if the delay has passed since the last change, else nil.
    public mutating func fire(now: MonotonicTime) -> Size? {
        guard let deadline, now >= deadline, let size = pending else { return nil }
        self.deadline = nil
        pending = nil
        guard size != lastSent else { return nil }
        lastSent = size
        return size
    }

    /// Records that the server now has `size` (e.g. from `pty:attached`) and forgets pending work
    /// for that size.
    public mutating func confirm(_ size: Size) {
        lastSent = size
        if pending == size {
            pending = nil
            deadline = nil
        }
    }

    /// Forgets everything (after a disconnect the next attach sends the size itself).
    public mutating func reset() {
        lastSent = nil
        pending = nil
        deadline = nil
    }
}
