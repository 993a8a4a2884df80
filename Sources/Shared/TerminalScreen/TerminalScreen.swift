// TerminalScreen: one libvterm terminal (VTerm + VTermState + VTermScreen) behind a small Swift
// API. The client's single UI loop owns every instance; libvterm is not thread-safe, so this
// class is deliberately not Sendable. libvterm keeps pointers to the callback structs, so they
// live on the heap for as long as the terminal and are freed in deinit.
// It is shared: the client draws from it, and the server holds one per watched pane (its
// snapshots are serialized from it, see ScreenImage).
// Must not import: any claudepm module (only the C shims CVTerm and CSupport); no ncurses, no
// network, nothing of the client's or the server's.
// Data flow: pane bytes -> feed (Shim/: what stands in front of libvterm 0.1.4, each defect it
// works around listed in Shim/LibvtermShim.swift) -> libvterm -> cells, damage and scrollback ->
// TUI or snapshot (Image/); a key, character, paste or mouse event -> encode -> bytes for the
// program. Width/ holds the one width rule (glibc's wcwidth, tmux's cells) both sides use.

import CSupport
import CVTerm

/// A virtual terminal screen fed with a remote program's output.
///
/// Feed bytes, then read cells, cursor, title and damage; send `takeOutput()` and the results of
/// the encoders' results (a key, character, paste or mouse event) back to the program.
public final class TerminalScreen {
    let vt: OpaquePointer
    let vtScreen: OpaquePointer
    let vtState: OpaquePointer
    let sink: ScreenSink
    private let screenCallbacks: UnsafeMutablePointer<VTermScreenCallbacks>
    private var syncDetector = SyncOutputDetector()
    var sanitizer = UTF8Sanitizer()
    var inputGuard: InputGuard
    /// Scroll plain lines at the bottom in one step (see ScrollBatchPlan); off only in tests
    /// that compare the two ways.
    var scrollBatching = true
    /// How many line feeds were scrolled in batches (for tests).
    var batchedLineFeeds = 0
    /// Bumped by every change of content or size; `search` results are cached against it.
    private(set) var contentGeneration = 0
    var searchCache: SearchCache?
    /// The cursor the last `takeDamage()` saw (whether it changed is asked then, not tracked).
    private var cursorAtLastTake: CursorState?
    /// Reused buffer for `isBlank(row:)`.
    var blankScratch: [UInt32] = []
    /// What libvterm's last cursor save kept (TerminalScreen+Saved.swift).
    var savedCursor = SavedCursor()
    /// The primary screen's rows as they were when the alternate screen was entered (libvterm
    /// keeps them but has no call to read them); nil outside the alternate screen.
    var primaryRows: [[Cell]]?
    /// Height in rows (≥ 1).
    public private(set) var rows: Int
    /// Width in columns (≥ 1).
    public private(set) var cols: Int
    /// Maximum number of scrollback lines kept.
    public let scrollbackLimit: Int

    /// Creates a screen of `rows` × `cols` (each clamped to at least 1) that keeps up to
    /// `scrollbackLimit` lines pushed off the top.
    public init(rows: Int, cols: Int, scrollbackLimit: Int = 5000) {
        self.rows = Self.clamp(rows)
        self.cols = Self.clamp(cols)
        self.scrollbackLimit = max(0, scrollbackLimit)
        sink = ScreenSink(
            rows: self.rows, columns: Self.internalCols(self.cols), scrollbackLimit: self.scrollbackLimit)
        inputGuard = InputGuard(clusters: sink.clusters)
        guard let terminal = vterm_new(Int32(self.rows), Int32(Self.internalCols(self.cols))) else {
            preconditionFailure("libvterm could not allocate a \(self.rows)x\(self.cols) terminal")
        }
        vt = terminal
        vterm_set_utf8(vt, 1)
        vtScreen = vterm_obtain_screen(vt)
        vtState = vterm_obtain_state(vt)
        screenCallbacks = Self.makeScreenCallbacks()
        let user = Unmanaged.passUnretained(sink).toOpaque()
        Self.installOutputCallback(vt, user: user)
        vterm_screen_set_callbacks(vtScreen, screenCallbacks, user)
        vterm_screen_set_damage_merge(vtScreen, VTERM_DAMAGE_ROW)
        vterm_screen_enable_altscreen(vtScreen, 1)
        vterm_screen_reset(vtScreen, 1)
        vterm_state_get_default_colors(vtState, &sink.defaultFG, &sink.defaultBG)
        saveInitialCursor()
        sink.damage.markFull()
    }

    /// libvterm 0.1.4 starts with a zeroed cursor save: a restore before any save gave a hidden
    /// cursor and a pen of black on black (rgb 0,0,0), where tmux and xterm restore the home
    /// position and the default pen. So a fresh screen saves its reset cursor at once.
    private func saveInitialCursor() {
        feed("\u{1B}7")
        sink.damage.markFull()
    }

    deinit {
        vterm_free(vt)
        screenCallbacks.deinitialize(count: 1)
        screenCallbacks.deallocate()
    }

    static func clamp(_ size: Int) -> Int { min(max(size, 1), Int(Int16.max)) }

    /// libvterm 0.1.4 dereferences NULL when a wide glyph lands on a one-column screen, so
    /// libvterm itself is never narrower than two columns; a one-column screen shows column 0.
    static func internalCols(_ cols: Int) -> Int { max(cols, 2) }

    // MARK: Input

    /// Feeds output of the remote program. No allocation per byte; callbacks are batched.
    /// Ill-formed UTF-8 is shown as U+FFFD (see `UTF8Sanitizer`); REP is printed safely (see
    /// `InputGuard`).
    public func feed(_ bytes: UnsafeRawBufferPointer) {
        guard bytes.count > 0 else { return }
        contentGeneration &+= 1
        syncDetector.scan(bytes)
        sanitizer.process(bytes) { piece in
            var rest = piece
            while let end = scrollAhead(rest)?.end ?? nextLineEnd(rest) {
                guardAndWrite(UnsafeRawBufferPointer(rebasing: rest[..<end]))
                rest = UnsafeRawBufferPointer(rebasing: rest[end...])
            }
            guardAndWrite(rest)
        }
    }

    /// Passes a well-formed piece through the input guard to libvterm.
    private func guardAndWrite(_ piece: UnsafeRawBufferPointer) {
        guard piece.count > 0 else { return }
        let terminal = vt
        let state = vtState
        let screen = vtScreen
        inputGuard.process(
            piece, columns: Self.internalCols(cols), cursor: { Self.cursorPosition(state) },
            isErased: { Self.isErased(screen, at: $0) }, currentFont: { Self.penFont(state) },
            cursorRestored: { repairCursor() },
            hooks: InputGuard.StateHooks(
                cursorSaved: { self.noteCursorSaved() }, beforeAlternateScreen: { self.keepPrimaryScreen() })
        ) { part in Self.write(part, to: terminal) }
    }

    /// Largest piece handed to `vterm_input_write` at once. libvterm 0.1.4 gives its text handler
    /// the whole rest of the buffer and decodes it into a stack array of 4 bytes per input byte,
    /// so one large write overflows the stack (a 10 MB write crashed).
    static let maxWrite = 4096

    /// Writes `bytes` to libvterm in pieces of at most `maxWrite` bytes, never splitting a
    /// UTF-8 sequence.
    static func write(_ bytes: UnsafeRawBufferPointer, to terminal: OpaquePointer) {
        var start = 0
        while start < bytes.count {
            var end = min(start + maxWrite, bytes.count)
            while end < bytes.count, end > start + 1, bytes[end] & 0xC0 == 0x80 { end -= 1 }
            let piece = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
            if let base = piece.baseAddress {
                _ = vterm_input_write(terminal, base.assumingMemoryBound(to: CChar.self), piece.count)
            }
            start = end
        }
    }

    /// libvterm's current pen font number (where `PenExtras` live).
    static func penFont(_ state: OpaquePointer) -> Int {
        var value = VTermValue()
        vterm_state_get_penattr(state, VTERM_ATTR_FONT, &value)
        return Int(value.number)
    }

    static func cursorPosition(_ state: OpaquePointer) -> InputGuard.Position {
        var pos = VTermPos()
        vterm_state_get_cursorpos(state, &pos)
        return (Int(pos.row), Int(pos.col))
    }

    /// True when libvterm's cell at `position` was erased and not printed to since.
    private static func isErased(_ screen: OpaquePointer, at position: InputGuard.Position) -> Bool {
        var cell = VTermScreenCell()
        let pos = VTermPos(row: Int32(position.row), col: Int32(position.col))
        return vterm_screen_get_cell(screen, pos, &cell) != 0 && cell.chars.0 == 0
    }

    /// Feeds output of the remote program from any byte collection.
    public func feed<C: Collection>(_ bytes: C) where C.Element == UInt8 {
        let handled: Void? = bytes.withContiguousStorageIfAvailable { feed(UnsafeRawBufferPointer($0)) }
        if handled == nil { Array(bytes).withUnsafeBytes { feed($0) } }
    }

    /// Feeds a string as UTF-8.
    public func feed(_ string: String) {
        var copy = string
        copy.withUTF8 { feed(UnsafeRawBufferPointer($0)) }
    }

    // MARK: Size and reset

    /// Resizes the screen (each size clamped to ≥ 1). Growing taller pulls lines back from the
    /// scrollback; the next `takeDamage()` is a full redraw.
    public func resize(rows newRows: Int, cols newCols: Int) {
        let clampedRows = Self.clamp(newRows)
        let clampedCols = Self.clamp(newCols)
        guard clampedRows != rows || clampedCols != cols else { return }
        contentGeneration &+= 1
        rows = clampedRows
        cols = clampedCols
        sink.damage.resize(rowCount: clampedRows)
        sink.columns = Self.internalCols(clampedCols)
        vterm_set_size(vt, Int32(clampedRows), Int32(Self.internalCols(clampedCols)))
        resetScrollRegion()
        repairCursor()
        vterm_screen_flush_damage(vtScreen)
        sink.damage.markFull()
    }

    /// libvterm 0.1.4 keeps a scroll region (DECSTBM) set for the old size, and one below the
    /// new bottom makes the next scroll memmove a negative size (found by the libFuzzer
    /// `terminal` target). Like xterm and tmux, a resize resets the region; the cursor stays.
    private func resetScrollRegion() {
        var pos = VTermPos()
        vterm_state_get_cursorpos(vtState, &pos)
        let row = min(max(pos.row, 0), Int32(rows) - 1) + 1
        let col = min(max(pos.col, 0), Int32(Self.internalCols(cols)) - 1) + 1
        inputGuard.scrollRegion = nil
        var reset = "\u{1B}[r\u{1B}[\(row);\(col)H"
        reset.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { _ = vterm_input_write(vt, $0.baseAddress, $0.count) }
        }
    }

    /// libvterm 0.1.4 can leave the cursor outside the screen: above it (row −1) after shrinking a
    /// screen whose cursor sits above its content, or anywhere after restoring a cursor saved
    /// before a resize. The next print or erase then crashes, so put the cursor back in range.
    private func repairCursor() {
        var pos = VTermPos()
        vterm_state_get_cursorpos(vtState, &pos)
        let maxCol = Int32(Self.internalCols(cols)) - 1
        guard pos.row < 0 || pos.row >= Int32(rows) || pos.col < 0 || pos.col > maxCol else { return }
        let row = min(max(pos.row, 0), Int32(rows) - 1) + 1
        let col = min(max(pos.col, 0), maxCol) + 1
        var move = "\u{1B}[\(row);\(col)H"
        move.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { _ = vterm_input_write(vt, $0.baseAddress, $0.count) }
        }
    }

    /// Resets the terminal for a fresh start (e.g. after a reconnect). A hard reset also clears
    /// modes (mouse, bracketed paste, application keys), the title, the scrollback, pending
    /// output and the bell count; a soft reset (DECSTR) keeps the screen contents.
    public func reset(hard: Bool) {
        contentGeneration &+= 1
        if hard { feed(Self.modesOff) }
        vterm_screen_reset(vtScreen, hard ? 1 : 0)
        inputGuard.insertMode = false
        syncDetector.reset()
        if hard {
            sanitizer.reset()
            inputGuard.reset()
            sink.clusters.removeAll()
            sink.scrollback.removeAll()
            sink.title = ""
            sink.iconName = ""
            sink.output.removeAll()
            sink.bellCount = 0
            primaryRows = nil
            saveInitialCursor()
        }
        sink.damage.markFull()
    }

    /// Switches off what a hard reset in libvterm 0.1.4 leaves on: mouse reporting and its encodings.
    private static let modesOff = "\u{1B}[?1003l\u{1B}[?1002l\u{1B}[?1000l\u{1B}[?1006l\u{1B}[?1015l\u{1B}[?1005l"

    // MARK: Damage and output

    /// Rows changed since the previous call (the first call reports a full redraw).
    public func takeDamage() -> DamageSet {
        vterm_screen_flush_damage(vtScreen)
        // The cursor is compared, not followed: libvterm calls movecursor for every glyph it
        // prints, a call into Swift per byte of output that a renderer does not need.
        let now = cursor
        if now != cursorAtLastTake {
            sink.damage.markCursor()
            cursorAtLastTake = now
        }
        return sink.damage.take()
    }

    /// Bytes libvterm produced on its own (answers to DA, DSR and similar queries) since the
    /// previous call. Key, paste and mouse encodings are returned by their functions instead.
    public func takeOutput() -> [UInt8] {
        defer { sink.output.removeAll(keepingCapacity: true) }
        return sink.output
    }

    /// Runs `body` (a libvterm keyboard/mouse call) and returns only the bytes it produced,
    /// leaving pending query answers in place for `takeOutput()`.
    func captureOutput(_ body: () -> Void) -> [UInt8] {
        let mark = sink.output.count
        body()
        let produced = Array(sink.output[mark...])
        sink.output.removeSubrange(mark...)
        return produced
    }

    // MARK: State

    /// Cursor position (clamped to the screen) and visibility.
    public var cursor: CursorState {
        var pos = VTermPos()
        vterm_state_get_cursorpos(vtState, &pos)
        return CursorState(
            row: min(max(Int(pos.row), 0), rows - 1), col: min(max(Int(pos.col), 0), cols - 1),
            visible: sink.cursorVisible)
    }

    /// Window title from OSC 0 / OSC 2 ("" until set).
    public var title: String { sink.title }
    /// Icon name from OSC 0 / OSC 1.
    public var iconName: String { sink.iconName }
    /// Number of BEL characters received since creation (or the last hard reset).
    public var bellCount: Int { sink.bellCount }
    /// True while the program uses the alternate screen (DEC 1049/1047/47).
    public var isAltScreen: Bool { sink.isAltScreen }
    /// True after DECSCNM (whole-screen reverse video).
    public var isReverseVideo: Bool { sink.isReverseVideo }
    /// Whether the cursor should blink.
    public var cursorBlink: Bool { sink.cursorBlink }
    /// Mouse reporting the program enabled.
    public var mouseMode: MouseMode { sink.mouseMode }
    /// True between `CSI ? 2026 h` and `CSI ? 2026 l` (synchronized output): a renderer may hold
    /// frames until it ends (with a timeout of its own).
    public var isSynchronizedOutput: Bool { syncDetector.isActive }

    /// True if the program enabled bracketed paste (DEC 2004). libvterm 0.1.4 has no property for
    /// it, so this asks libvterm's paste encoder whether it would emit the start marker.
    public var isBracketedPasteEnabled: Bool {
        !captureOutput { vterm_keyboard_start_paste(vt) }.isEmpty
    }
}
