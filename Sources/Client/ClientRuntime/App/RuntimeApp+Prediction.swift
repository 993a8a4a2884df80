// Predictive local echo on the loop thread: the attached session's EchoPredictor sees every key
// sent and every screen change, and the renderer draws its glyphs underlined over the pane.
// A change of what is predicted is drawn at once (like an echo), outside the frame cap.
import ClientCore
import TerminalScreen

extension RuntimeApp {
    /// Tells the predictor about keys just sent to `key`'s pane.
    func predictTyped(_ text: String, key: SessionKey, screen: TerminalScreen) {
        guard var entry = echo, entry.key == key else { return }
        let changed = entry.predictor.typed(text, screen: PaneView(screen: screen), now: Self.monotonic(inputTime))
        echo = entry
        if changed { answerFrames.predictionChanged() }
    }

    /// Confirms or rolls back predictions after `key`'s screen changed; true if the glyphs did.
    func predictionChanged(_ key: SessionKey, screen: TerminalScreen) -> Bool {
        guard var entry = echo, entry.key == key else { return false }
        let changed = entry.predictor.screenUpdated(PaneView(screen: screen), now: Self.monotonic(inputTime))
        echo = entry
        return changed
    }

    /// Expires predictions whose confirmation is overdue; true if glyphs disappeared.
    func expirePredictions(now: Duration) -> Bool {
        guard let entry = echo, let deadline = entry.predictor.nextDeadline, deadline <= Self.monotonic(now),
            let screen = screens[entry.key]
        else { return false }
        return predictionChanged(entry.key, screen: screen)
    }

    /// A new stream or a re-attach: forget the predictions and the trust earned.
    func resetPrediction(_ key: SessionKey) {
        guard echo?.key == key else { return }
        echo?.predictor.reset()
    }

    /// A snapshot replaced the stream's screen: forget the predictions, keep the trust.
    func snapshotReplacedScreen(_ key: SessionKey) {
        guard echo?.key == key else { return }
        echo?.predictor.screenReplaced()
    }
}

/// A TerminalScreen as the predictor sees it.
struct PaneView: EchoScreenView {
    let screen: TerminalScreen

    var cursorRow: Int { screen.cursor.row }
    var cursorCol: Int { screen.cursor.col }
    var cursorVisible: Bool { screen.cursor.visible }
    var cols: Int { screen.cols }
    var isAltScreen: Bool { screen.isAltScreen }

    func scalar(row: Int, col: Int) -> Unicode.Scalar? {
        guard row >= 0, row < screen.rows, col >= 0, col < screen.cols else { return nil }
        return screen.cell(row: row, col: col).text.unicodeScalars.first
    }
}
