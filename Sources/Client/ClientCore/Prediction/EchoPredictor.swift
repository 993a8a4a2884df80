// Predictive local echo, after mosh: on a slow link a printable key is drawn at once, underlined,
// where the pane's cursor will put it, and dropped when the server's own output shows it
// (confirmed) or shows something else (rolled back). Pure: the runtime passes the time and a view
// of the pane's screen in.
// - Trust is earned: a key is shown only after an earlier key of the same run was seen echoed at
//   the cursor. The first key after attaching, after a mismatch or after an expiry is a hidden
//   probe. A control key (Enter, Backspace, arrows, Ctrl-…) moves the cursor in ways not
//   predicted: what is already shown stays until confirmed, but nothing new is predicted until
//   it is all resolved, and then only as probes again. A password prompt never echoes,
//   so its probes expire and nothing typed there is ever drawn; the alternate screen (vim, less)
//   needs the same proof, and switching screens withdraws it.
// - Only typing at the end of a line is predicted: the cells from the cursor to the end of the
//   row must be empty (no insertion in the middle of text, no shell suggestions overwritten), and
//   never in the last column (no wrap guessing).
// - Confirmations double as round-trip samples, so `auto` can decide before the first ping.

/// Predicts the echo of typed characters for one attached pane.
public struct EchoPredictor: Sendable {
    struct Pending: Equatable, Sendable {
        var glyph: PredictedGlyph
        var typedAt: MonotonicTime
        var shown: Bool
    }

    /// The settings in use.
    public var settings: PredictionSettings
    /// The smoothed round trip (pings and confirmed echoes), if measured.
    public private(set) var roundTrip: Duration?
    /// Whether an echo at the cursor has been seen since the last control key or mismatch.
    public private(set) var trusted = false
    private(set) var pending: [Pending] = []
    private var altScreen = false
    /// A control key was typed after the pending predictions: nothing more until they resolve.
    private var chainBroken = false
    /// How many predictions were rolled back (for tests and the log).
    public private(set) var rollbacks = 0

    /// A predictor with `settings`.
    public init(settings: PredictionSettings = .default) {
        self.settings = settings
    }

    /// Whether predictions are drawn now (mode and round trip).
    public var isActive: Bool {
        switch settings.mode {
        case .off: return false
        case .on: return true
        case .auto: return roundTrip.map { $0 >= settings.threshold } ?? false
        }
    }

    /// The characters to draw, underlined, over the pane.
    public var glyphs: [PredictedGlyph] {
        isActive ? pending.filter(\.shown).map(\.glyph) : []
    }

    /// Where to draw the cursor while glyphs are shown (after the last one).
    public var cursor: (row: Int, col: Int)? {
        glyphs.last.map { ($0.row, $0.col + 1) }
    }

    /// When a pending prediction expires unconfirmed (call `screenUpdated` then).
    public var nextDeadline: MonotonicTime? {
        pending.first.map { $0.typedAt + expiry }
    }

    /// A new round-trip sample from a ping.
    public mutating func measured(roundTrip sample: Duration) {
        roundTrip = roundTrip.map { $0 * 0.875 + sample * 0.125 } ?? sample
    }

    /// Forgets every prediction and the trust (a new stream, a re-attach, a detach).
    public mutating func reset() {
        withdraw()
    }

    /// The same stream's screen was replaced by a snapshot (e.g. after the pane was resized for
    /// attach): pending predictions go (their cells may have moved), the trust stays (the program
    /// that proved it echoes is the same one).
    public mutating func screenReplaced() {
        pending.removeAll()
        chainBroken = false
    }

    /// The user typed `text` (already sent to the pane). Returns whether `glyphs` changed.
    public mutating func typed(_ text: String, screen: some EchoScreenView, now: MonotonicTime) -> Bool {
        let before = glyphs
        guard settings.mode != .off else { return false }
        for scalar in text.unicodeScalars {
            guard !chainBroken else { break }
            // A control key, or a place not predicted (the last column, text to the right): what
            // is shown stays until confirmed; nothing after it is predicted.
            guard Self.isPredictable(scalar), let position = nextPosition(screen) else {
                trusted = false
                chainBroken = !pending.isEmpty
                break
            }
            let glyph = PredictedGlyph(row: position.row, col: position.col, scalar: scalar)
            pending.append(Pending(glyph: glyph, typedAt: now, shown: trusted))
        }
        return glyphs != before
    }

    /// The pane's screen changed (server output) or a deadline passed: confirms, rolls back or
    /// expires predictions. Returns whether `glyphs` changed.
    public mutating func screenUpdated(_ screen: some EchoScreenView, now: MonotonicTime) -> Bool {
        let before = glyphs
        if screen.isAltScreen != altScreen {
            altScreen = screen.isAltScreen
            withdraw()
        }
        while let first = pending.first {
            let shown = screen.scalar(row: first.glyph.row, col: first.glyph.col)
            if shown == first.glyph.scalar {
                pending.removeFirst()
                measured(echo: now - first.typedAt)
                if !chainBroken {
                    trusted = true
                    for index in pending.indices { pending[index].shown = true }
                }
            } else if (shown == nil || shown == " ") && now < first.typedAt + expiry {
                break
            } else {
                rollbacks += first.shown ? 1 : 0
                withdraw()
            }
        }
        if pending.isEmpty { chainBroken = false }
        return glyphs != before
    }

    /// How long a prediction may stay unconfirmed: two round trips plus slack for a busy pane;
    /// 2 s while no round trip is known (the first probe's echo is also the first sample).
    var expiry: Duration {
        guard let trip = roundTrip else { return .seconds(2) }
        return max(trip * 2 + .milliseconds(150), .milliseconds(300))
    }

    private mutating func measured(echo sample: Duration) {
        measured(roundTrip: sample)
    }

    private mutating func withdraw() {
        screenReplaced()
        trusted = false
    }

    /// Where the next typed character will appear, if it may be predicted there.
    private func nextPosition(_ screen: some EchoScreenView) -> (row: Int, col: Int)? {
        let row: Int
        let col: Int
        if let last = pending.last {
            (row, col) = (last.glyph.row, last.glyph.col + 1)
        } else {
            guard screen.cursorVisible else { return nil }
            (row, col) = (screen.cursorRow, screen.cursorCol)
        }
        guard col >= 0, col < screen.cols - 1 else { return nil }
        for c in col..<screen.cols {
            if let s = screen.scalar(row: row, col: c), s != " " { return nil }
        }
        return (row, col)
    }

    /// Printable, single-width scalars (ASCII and Latin letters); anything else is a control key
    /// or too wide to place safely.
    static func isPredictable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20..<0x7F, 0xA0..<0x300: return true
        default: return false
        }
    }
}
