// How tmux 3.3a groups printed scalars into cells (screen-write.c, `screen_write_cell` and
// `screen_write_combine`), as a pure state machine shared by the feed path (`TextShaper`) and
// the UI's text layout (`CellLayout`):
// - a scalar glibc cannot print (wcwidth −1) is dropped (utf8.c gives UTF8_ERROR);
// - a zero-width joiner (U+200D) makes the NEXT scalar, whatever its width, join the current
//   cell together with the joiner; the cell keeps the width of its first scalar;
// - any other zero-width scalar (combining marks, VS15/VS16, …) joins the current cell;
// - a scalar of width 1 or 2 starts a new cell;
// - a cell holds at most 21 bytes of UTF-8 (UTF8_SIZE); a scalar that does not fit is dropped;
// - with no cell to join (tmux: the cursor in column 0), joining scalars are dropped.

/// The cell-forming rule of tmux 3.3a, one scalar at a time.
struct ClusterRule {
    /// What happens to a scalar.
    enum Action: Equatable {
        /// The scalar is not shown.
        case drop
        /// The scalar starts a new cell of this width (1 or 2).
        case start(Int)
        /// The scalar joins the current cell.
        case append
        /// A joiner came before the scalar: the joiner and/or the scalar join the current cell.
        case join(joiner: Bool, scalar: Bool)
        /// A zero-width joiner: held until the next scalar.
        case holdJoiner
    }

    static let zeroWidthJoiner: UInt32 = 0x200D
    /// tmux's UTF8_SIZE: the most bytes one cell holds.
    static let maxCellBytes = 21

    /// True while a cell is open for joining scalars.
    private(set) var isOpen = false
    /// True after a joiner, until the next scalar.
    private(set) var joinerPending = false
    private var cellBytes = 0

    /// Decides what `scalar` (of width `width`, as `TerminalScreen.displayWidth` gives it) does.
    mutating func step(_ scalar: Unicode.Scalar, width: Int) -> Action {
        guard width >= 0 else { return .drop }
        if scalar.value == Self.zeroWidthJoiner {
            joinerPending = true
            return .holdJoiner
        }
        let size = scalar.utf8.count
        if joinerPending {
            joinerPending = false
            guard isOpen else { return .drop }
            let joiner = fits(3)
            let joined = fits(size)
            return joiner || joined ? .join(joiner: joiner, scalar: joined) : .drop
        }
        if width == 0 { return isOpen && fits(size) ? .append : .drop }
        isOpen = true
        cellBytes = size
        return .start(width)
    }

    /// A printable ASCII character (width 1, never joining) starts a new cell.
    @inline(__always)
    mutating func openASCII() {
        isOpen = true
        cellBytes = 1
    }

    /// The current cell is over (a control, an escape sequence or the end of the text).
    mutating func close() {
        isOpen = false
        joinerPending = false
    }

    /// Adds `size` bytes to the open cell if they fit.
    private mutating func fits(_ size: Int) -> Bool {
        guard cellBytes + size <= Self.maxCellBytes else { return false }
        cellBytes += size
        return true
    }
}
