// The only ncurses caller in claudepm. It draws runs of frame cells with `setcchar` +
// `mvwadd_wch`, commits with `wnoutrefresh` + `doupdate`, reads keys with `wget_wch` and reports
// resizes. ncurses is not thread-safe: create, use and stop it from one thread (the runtime's
// loop).

@preconcurrency import CNCursesW
import ClientCore

#if canImport(Glibc)
    import Glibc
#endif

/// Input read from the terminal.
public enum CursesInput: Hashable, Sendable {
    /// A key or mouse event.
    case key(AppKey)
    /// The terminal was resized (ncurses already adjusted its screen).
    case resized(GridSize)
}

/// An ncurses `Surface` on the process's terminal.
public final class CursesSurface: Surface {
    private var pairs: [PairKey: Int32] = [:]
    private var nextPair: Int32 = 1
    private let colours: Int32
    private let maxPairs: Int32
    private var started = true
    private var decoder = KeyDecoder()
    private let screen: OpaquePointer?
    /// Sends each frame to the terminal in one write (nil: ncurses writes as it goes).
    private var batcher: FrameBatcher?
    /// Cells handed to ncurses since the last commit, and whether it may repaint everything.
    private var cellsSinceCommit = 0
    private var mayRepaintAll = true

    struct PairKey: Hashable {
        var fg: Int32
        var bg: Int32
    }

    /// Starts ncurses on the terminal: UTF-8 locale, raw keys (every key, Ctrl-C included, reaches
    /// the app), no echo, keypad decoding, a short escape delay, default colours and mouse clicks
    /// and wheel. Call `stop()` before exiting.
    public init(escapeDelayMilliseconds: Int32 = 25, mouse: Bool = true) {
        Self.setUTF8Locale()
        initscr()
        screen = nil
        (colours, maxPairs) = Self.configure(escapeDelayMilliseconds: escapeDelayMilliseconds, mouse: mouse)
        batcher = FrameBatcher(outputFD: STDOUT_FILENO)
    }

    /// Starts ncurses on another terminal (`newterm`): `output` and `input` are streams on its
    /// device, `terminalType` its terminfo name. Used by tests to draw into a PTY.
    public init(
        terminalType: String, output: UnsafeMutablePointer<FILE>, input: UnsafeMutablePointer<FILE>, mouse: Bool = false
    ) {
        Self.setUTF8Locale()
        screen = newterm(terminalType, output, input)
        if let screen { set_term(screen) }
        (colours, maxPairs) = Self.configure(escapeDelayMilliseconds: 25, mouse: mouse)
        batcher = FrameBatcher(outputFD: fileno(output))
    }

    private static func configure(escapeDelayMilliseconds: Int32, mouse: Bool) -> (Int32, Int32) {
        raw()
        noecho()
        nonl()
        keypad(cpm_stdscr(), true)
        set_escdelay(escapeDelayMilliseconds)
        if has_colors() {
            start_color()
            use_default_colors()
        }
        if mouse {
            mousemask(cpm_BUTTON1_PRESSED() | cpm_BUTTON4_PRESSED() | cpm_BUTTON5_PRESSED(), nil)
            mouseinterval(0)
        }
        return has_colors() ? (cpm_colors(), cpm_color_pairs()) : (0, 0)
    }

    /// The colour count terminfo reports (0 without colour), for `ColourDepth.detect`.
    public var terminalColours: Int { Int(colours) }

    /// Ends ncurses and restores the terminal. Safe to call twice.
    public func stop() {
        guard started else { return }
        started = false
        endwin()
        if let screen { delscreen(screen) }
    }

    public var size: GridSize {
        var rows: Int32 = 0
        var cols: Int32 = 0
        cpm_getmaxyx(cpm_stdscr(), &rows, &cols)
        return GridSize(cols: Int(cols), rows: Int(rows))
    }

    public func write(row: Int, col: Int, cells: ArraySlice<FrameCell>) {
        cellsSinceCommit += cells.count
        var x = col
        var lastStyle: Style?
        var pair: Int32 = 0
        var attrs: attr_t = 0
        var chars: (wchar_t, wchar_t, wchar_t, wchar_t, wchar_t, wchar_t) = (0x20, 0, 0, 0, 0, 0)
        for cell in cells {
            defer { x += 1 }
            if cell.isContinuation { continue }
            if cell.style != lastStyle {
                lastStyle = cell.style
                pair = pairNumber(for: cell.style)
                attrs = attributes(cell.style.attrs)
            }
            Self.fill(&chars, with: cell.text)
            var cc = cchar_t()
            var cellPair = pair
            withUnsafePointer(to: &chars) { tuple in
                tuple.withMemoryRebound(to: wchar_t.self, capacity: 6) { _ = setcchar(&cc, $0, attrs, 0, &cellPair) }
            }
            mvwadd_wch(cpm_stdscr(), Int32(row), Int32(x), &cc)
        }
    }

    /// Puts up to five scalars of `text` (a space for none) and a terminating zero into `chars`.
    private static func fill(_ chars: inout (wchar_t, wchar_t, wchar_t, wchar_t, wchar_t, wchar_t), with text: String) {
        let utf8 = text.utf8
        if utf8.count == 1, let byte = utf8.first {
            chars = (wchar_t(byte), 0, 0, 0, 0, 0)
            return
        }
        chars = (0x20, 0, 0, 0, 0, 0)
        withUnsafeMutablePointer(to: &chars) { tuple in
            tuple.withMemoryRebound(to: wchar_t.self, capacity: 6) { slots in
                var count = 0
                for scalar in text.unicodeScalars {
                    slots[count] = wchar_t(bitPattern: scalar.value)
                    count += 1
                    if count == 5 { break }
                }
            }
        }
    }

    public func clear() {
        werase(cpm_stdscr())
        clearok(cpm_stdscr(), true)
        mayRepaintAll = true
    }

    public func placeCursor(_ cursor: CursorPlacement?) {
        guard let cursor else {
            curs_set(0)
            return
        }
        wmove(cpm_stdscr(), Int32(cursor.row), Int32(cursor.col))
        curs_set(1)
    }

    public func commit() {
        wnoutrefresh(cpm_stdscr())
        let size = self.size
        let cells = mayRepaintAll ? size.rows * size.cols : cellsSinceCommit
        cellsSinceCommit = 0
        mayRepaintAll = false
        guard let batcher else {
            doupdate()
            return
        }
        // At most ~48 bytes a cell (truecolour SGR for both colours and a 4-byte character), plus moves.
        batcher.frame(estimatedBytes: cells * 48 + size.rows * 32 + 256) { _ = doupdate() }
    }

    /// The next commit may repaint the whole screen (after a resize).
    func markFullRepaint() {
        mayRepaintAll = true
    }

    /// Frames sent in one write and frames drawn straight (too big to collect), for tests.
    public var batchedFrameCounts: (batched: Int, direct: Int) {
        (batcher?.batchedFrames ?? 0, batcher?.directFrames ?? 0)
    }

    /// Writes bytes straight to the outer terminal (BEL, OSC 9/777 alerts) after a commit.
    public func writeOuter(_ bytes: [UInt8]) {
        fflush(stdout)
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(1, raw.baseAddress?.advanced(by: offset), raw.count - offset)
                if n <= 0 { break }
                offset += n
            }
        }
    }

    /// The colour pair for `style` (0 = default colours), allocated on first use.
    func pairNumber(for style: Style) -> Int32 {
        guard colours > 0 else { return 0 }
        let key = PairKey(fg: colourNumber(style.fg, colours: colours), bg: colourNumber(style.bg, colours: colours))
        if key.fg == -1 && key.bg == -1 { return 0 }
        if let pair = pairs[key] { return pair }
        if nextPair >= maxPairs {
            pairs.removeAll()
            nextPair = 1
        }
        let pair = nextPair
        nextPair += 1
        init_extended_pair(pair, key.fg, key.bg)
        pairs[key] = pair
        return pair
    }

    /// Reads input for up to `timeoutMilliseconds` (0: only what is already there, -1: block).
    /// Returns every key and resize that arrived. Sequences ncurses does not know (bracketed
    /// paste, focus reports) arrive as single characters and go through a `KeyDecoder`.
    public func read(timeoutMilliseconds: Int32) -> [CursesInput] {
        var result: [CursesInput] = []
        wtimeout(cpm_stdscr(), timeoutMilliseconds)
        while true {
            var ch: wint_t = 0
            let status = wget_wch(cpm_stdscr(), &ch)
            if status == ERR { break }
            if status == KEY_CODE_YES {
                result += keyCode(Int32(ch))
            } else if ch == 0x1B || decoder.hasPending, let scalar = Unicode.Scalar(UInt32(ch)) {
                result += decoder.feed(Array(String(scalar).utf8)).map { .key($0) }
            } else if let key = KeyDecoder.decode(character: UInt32(ch)) {
                result.append(.key(key))
            }
            wtimeout(cpm_stdscr(), 0)
        }
        return result + decoder.flush().map { .key($0) }
    }

    private func keyCode(_ code: Int32) -> [CursesInput] {
        if code == KEY_RESIZE { return [.resized(size)] }
        if code == KEY_MOUSE {
            var event = MEVENT()
            guard getmouse(&event) == OK else { return [] }
            let kind: MouseEvent.Kind
            if event.bstate & cpm_BUTTON4_PRESSED() != 0 {
                kind = .wheelUp
            } else if event.bstate & cpm_BUTTON5_PRESSED() != 0 {
                kind = .wheelDown
            } else {
                kind = .press
            }
            return [.key(.mouse(MouseEvent(kind: kind, row: Int(event.y), col: Int(event.x))))]
        }
        return KeyDecoder.decode(keyCode: code).map { [.key($0)] } ?? []
    }

    private static func setUTF8Locale() {
        setlocale(LC_ALL, "")
        if let codeset = nl_langinfo(nl_item(CODESET)), String(cString: codeset) != "UTF-8" {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
    }
}
