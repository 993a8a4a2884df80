// The server's emulator for one watched pane: the same TerminalScreen a viewer draws with, fed
// every byte the pane writes (`%output`) in the order tmux sends them. A viewer's snapshot is this
// screen's image (ScreenImage), taken between two `%output` lines under the streams' lock, so
// the snapshot and the bytes that follow it meet exactly, and nothing a capture cannot carry
// (erased backgrounds, character sets, the pen, cursor saves, modes) is lost. The screen starts
// from a seed: tmux's own picture of the pane (captures, PaneSnapshot) taken when the mirror
// begins, or again when its stream was cut (tmux paused the pane, the control client restarted)
// or the pane was resized (tmux reflows the pane; libvterm would not).
//
// Not Sendable: it lives inside PaneStreams' state and is only touched under its lock.
import TerminalScreen

/// One pane's emulator and where its seeding stands.
final class PaneMirror {
    /// The pane mirrored.
    let paneId: String
    /// The tmux session whose control client feeds it.
    let session: String
    /// The emulator, nil until the first seed arrived.
    private(set) var screen: TerminalScreen?
    /// Scrollback lines the emulator keeps (the most any viewer asked for).
    private(set) var historyLimit: Int
    /// The seed asked for last; a reply to an older one is ignored.
    private(set) var seedGeneration = 0
    /// True from asking for a seed until it arrived: the pane's output in between is in the seed.
    private(set) var seeding = false
    /// The window the pane was in at the last seed.
    var windowId = ""
    /// The pane's name across server restarts (PaneState.identity), known from the first seed.
    var identity: String?
    /// The pane's journal, once the first seed named the pane (nil: no journal kept).
    var journal: PaneJournal?
    /// Bytes fed since the last seed (tests wait on it).
    private(set) var fedSinceSeed = 0
    /// Since when the screen holds output not yet saved (PaneImageStore), and when it last changed.
    var unsavedSince: ContinuousClock.Instant?
    var lastChange: ContinuousClock.Instant?
    /// The screen rows as capture text, converted again only where damaged (`lines(history:)`).
    private var rowText = ScreenRowText()
    /// The newest scrollback lines as capture text, each converted once (`lines(history:)`).
    private let historyText = ScrollbackCaptureText()
    /// The scrollback as snapshots encode it, each line encoded once (saves and viewers' snapshots).
    private let history = HistoryImage()

    init(paneId: String, session: String, historyLimit: Int) {
        self.paneId = paneId
        self.session = session
        self.historyLimit = historyLimit
    }

    /// True when the emulator holds the pane as tmux does now.
    var isReady: Bool { screen != nil && !seeding }

    /// Starts a new seed (one that needs `history` lines keeps them from now on); returns its
    /// generation.
    func beginSeed(history: Int) -> Int {
        historyLimit = max(historyLimit, history)
        seedGeneration += 1
        seeding = true
        return seedGeneration
    }

    /// The seed `generation` arrived: the emulator starts over from `snapshot` (tmux's captures),
    /// completed from `earlier` where they agree (PaneSeedMerge): the mirror's own image when it
    /// has one of this size, else `stored`. False for a reply to an older seed.
    func seed(_ snapshot: PaneSnapshot, generation: Int, stored: ScreenImage? = nil) -> Bool {
        guard generation == seedGeneration else { return false }
        let captured = TerminalScreen(rows: snapshot.rows, cols: snapshot.cols, scrollbackLimit: historyLimit)
        captured.feed(snapshot.bytes)
        let own = screen.flatMap { $0.rows == snapshot.rows && $0.cols == snapshot.cols ? $0.image() : nil }
        if let earlier = own ?? stored {
            let merged = TerminalScreen(rows: snapshot.rows, cols: snapshot.cols, scrollbackLimit: historyLimit)
            merged.feed(PaneSeedMerge.merge(captured: captured.image(), earlier: earlier).encoded())
            screen = merged
        } else {
            screen = captured
        }
        seeding = false
        fedSinceSeed = 0
        return true
    }

    /// Forgets the screen and the pane's name (another process owns the pane id now).
    func forget() {
        screen = nil
        identity = nil
    }

    /// Feeds bytes the pane wrote; false while they are in a seed still to come (or none came).
    @discardableResult
    func feed(_ bytes: [UInt8], at now: ContinuousClock.Instant) -> Bool {
        guard isReady, let screen else { return false }
        screen.feed(bytes)
        _ = screen.takeOutput()
        fedSinceSeed += bytes.count
        if unsavedSince == nil { unsavedSince = now }
        lastChange = now
        return true
    }

    /// The visible screen as a journal keyframe (`fresh`: the screen just started over from a
    /// seed), nil until seeded.
    func journalKeyframe(fresh: Bool) -> JournalRecord? {
        guard isReady, let screen else { return nil }
        return .keyframe(
            rows: screen.rows, cols: screen.cols, bytes: screen.image(historyLimit: 0).encoded(), fresh: fresh)
    }

    /// Journals `bytes` just fed at `us`, and a keyframe when one is due.
    func journalOutput(_ bytes: [UInt8], at us: Int64) {
        guard let journal else { return }
        journal.append(.output(bytes), at: us)
        if journal.wantsKeyframe(now: us), let keyframe = journalKeyframe(fresh: false) {
            journal.append(keyframe, at: us)
        }
    }

    /// The whole image's bytes, for the image store.
    func savedImage() -> (rows: Int, cols: Int, bytes: [UInt8])? {
        guard isReady, let screen else { return nil }
        return (screen.rows, screen.cols, screen.encodedImage(history: history).bytes)
    }

    /// A viewer's snapshot: the emulator's image with up to `history` scrollback lines, fewer
    /// (the oldest left out) when the bytes would pass `limit`.
    func snapshot(history wanted: Int, limit: Int = .max) -> PaneSnapshot? {
        guard isReady, let screen else { return nil }
        history.update(from: screen)
        let image = screen.image(historyLimit: 0)
        var lines = history.newest(wanted)
        while true {
            let bytes = image.encoded(historyLines: lines)
            if bytes.count <= limit || lines.isEmpty {
                return PaneSnapshot(cols: image.cols, rows: image.rows, historyRows: lines.count, bytes: bytes)
            }
            lines.removeFirst(max(lines.count / 2, 1))
        }
    }
}

extension PaneMirror {
    /// The last `history` scrollback lines and the screen rows as text with SGR sequences
    /// (`CaptureText`), nil until seeded.
    func lines(history: Int) -> [String]? {
        guard isReady, let screen else { return nil }
        return historyText.newest(history, of: screen) + rowText.lines(of: screen)
    }
}
