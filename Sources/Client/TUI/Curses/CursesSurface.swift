// The only ncurses caller in claudepm. ncurses sets the terminal up (modes, alternate screen,
// keypad), reads keys with `wget_wch`, reports resizes and restores the terminal; frames are
// written by `FrameWriter` (cursor moves, SGR, text) and sent in one write per frame (through
// `FrameBatcher` when ncurses writes too, after a resize), so every attribute and 24-bit colour
// reaches the terminal (see docs/tui.md for the measurement behind this). ncurses' own screen
// stays blank and untouched: it never draws over a frame. ncurses is not thread-safe: create, use
// and stop it from one thread.

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
    private let colours: Int32
    private var started = true
    private var decoder = KeyDecoder()
    private let screen: OpaquePointer?
    /// Sends a frame that ncurses draws into (after a resize) to the terminal in one write (nil:
    /// ncurses writes as it goes).
    private var batcher: FrameBatcher?
    /// The terminal's descriptor (standard output, or the stream given to `newterm`).
    private let outputFD: Int32
    /// The frame being written.
    private var writer: FrameWriter
    /// ncurses resized its screens: let it settle (blank, untouched) inside the next frame.
    private var ncursesNeedsRefresh = true
    /// Terminfo or the environment says the terminal shows 24-bit colour (`RGB`, `Tc`).
    public let terminalDirectColour: Bool

    /// Starts ncurses on the terminal: UTF-8 locale, raw keys (every key, Ctrl-C included, reaches
    /// the app), no echo, keypad decoding, a short escape delay, default colours and mouse clicks
    /// and wheel. Call `stop()` before exiting.
    public init(escapeDelayMilliseconds: Int32 = 25, mouse: Bool = true) {
        Self.setUTF8Locale()
        initscr()
        screen = nil
        colours = Self.configure(escapeDelayMilliseconds: escapeDelayMilliseconds, mouse: mouse)
        (terminalDirectColour, writer) = Self.capabilities()
        batcher = FrameBatcher(outputFD: STDOUT_FILENO)
        outputFD = STDOUT_FILENO
    }

    /// Starts ncurses on another terminal (`newterm`): `output` and `input` are streams on its
    /// device, `terminalType` its terminfo name. Used by tests to draw into a PTY.
    public init(
        terminalType: String, output: UnsafeMutablePointer<FILE>, input: UnsafeMutablePointer<FILE>, mouse: Bool = false
    ) {
        Self.setUTF8Locale()
        screen = newterm(terminalType, output, input)
        if let screen { set_term(screen) }
        colours = Self.configure(escapeDelayMilliseconds: 25, mouse: mouse)
        (terminalDirectColour, writer) = Self.capabilities()
        batcher = FrameBatcher(outputFD: fileno(output))
        outputFD = fileno(output)
    }

    /// Direct colour (`RGB` or `Tc`) and styled underlines (`Smulx`, or direct colour) from
    /// terminfo and `COLORTERM`.
    private static func capabilities() -> (Bool, FrameWriter) {
        let colorterm = getenv("COLORTERM").map { String(cString: $0).lowercased() } ?? ""
        let direct = cpm_has_flag_or_number("RGB") != 0 || cpm_has_flag_or_number("Tc") != 0
        let truecolor = direct || colorterm == "truecolor" || colorterm == "24bit"
        let styled = truecolor || cpm_has_string("Smulx") != 0
        return (direct, FrameWriter(encoder: SGREncoder(styledUnderlines: styled)))
    }

    private static func configure(escapeDelayMilliseconds: Int32, mouse: Bool) -> Int32 {
        raw()
        noecho()
        nonl()
        keypad(cpm_stdscr(), true)
        set_escdelay(escapeDelayMilliseconds)
        if has_colors() {
            start_color()
            use_default_colors()
        }
        // From here on stdscr is never touched, so reading a key never repaints it.
        wnoutrefresh(cpm_stdscr())
        if mouse {
            mousemask(cpm_BUTTON1_PRESSED() | cpm_BUTTON4_PRESSED() | cpm_BUTTON5_PRESSED(), nil)
            mouseinterval(0)
        }
        return has_colors() ? cpm_colors() : 0
    }

    /// The colour count terminfo reports (0 without colour), for `ColourDepth.detect`.
    public var terminalColours: Int { Int(colours) }

    /// Ends ncurses and restores the terminal. Safe to call twice.
    public func stop() {
        guard started else { return }
        started = false
        sendFrame(Array("\u{1B}[0m\u{1B}[?25h".utf8))
        endwin()
        if let screen { delscreen(screen) }
    }

    /// Leaves curses mode for a while (job control): attributes reset, cursor shown, the
    /// terminal's own modes back (`endwin`). `resume()` takes it again.
    public func suspend() {
        guard started else { return }
        sendFrame(Array("\u{1B}[0m\u{1B}[?25h".utf8))
        endwin()
    }

    /// Back from `suspend()`: ncurses' program mode (raw, no echo) at once, and a full repaint in
    /// the next frame (the screen holds whatever the shell left there).
    public func resume() {
        guard started else { return }
        reset_prog_mode()
        markFullRepaint()
    }

    public var size: GridSize {
        var rows: Int32 = 0
        var cols: Int32 = 0
        cpm_getmaxyx(cpm_stdscr(), &rows, &cols)
        return GridSize(cols: Int(cols), rows: Int(rows))
    }

    public func write(row: Int, col: Int, cells: ArraySlice<FrameCell>) {
        writer.write(row: row, col: col, cells: cells)
    }

    public func clear() {
        writer.clear()
    }

    public func placeCursor(_ cursor: CursorPlacement?) {
        writer.placeCursor(cursor)
    }

    public func commit() {
        sendFrame(writer.take())
    }

    /// Sends `bytes` (and ncurses' own refresh after a resize) to the terminal in one write.
    private func sendFrame(_ bytes: [UInt8]) {
        let refresh = ncursesNeedsRefresh
        ncursesNeedsRefresh = false
        guard refresh else {
            // Only the frame writer's bytes, already in one piece: one write, with no pipe to
            // collect them in (two dup2s, a copy through the kernel and a 64 KiB buffer a frame).
            FrameBatcher.writeAll(bytes, to: outputFD)
            return
        }
        // ncurses' refresh and the frame, collected by the batcher (which points `outputFD` at
        // its pipe meanwhile) when there is one.
        let draw = {
            doupdate()
            FrameBatcher.writeAll(bytes, to: self.outputFD)
        }
        guard let batcher else {
            draw()
            return
        }
        batcher.frame(estimatedBytes: bytes.count + 64 * 1024, draw)
    }

    /// ncurses changed its screens (resize): leave stdscr untouched so that reading a key does
    /// not repaint it, and let ncurses write its blank screen in the next frame.
    func markFullRepaint() {
        wnoutrefresh(cpm_stdscr())
        ncursesNeedsRefresh = true
        writer.forgetTerminalState()
    }

    /// Frames sent in one write and frames drawn straight (too big to collect), for tests.
    public var batchedFrameCounts: (batched: Int, direct: Int) {
        (batcher?.batchedFrames ?? 0, batcher?.directFrames ?? 0)
    }

    /// Writes bytes straight to the outer terminal (BEL, OSC 9/777 alerts) after a commit.
    public func writeOuter(_ bytes: [UInt8]) {
        fflush(stdout)
        writer.forgetTerminalState()
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(1, raw.baseAddress?.advanced(by: offset), raw.count - offset)
                if n <= 0 { break }
                offset += n
            }
        }
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
        if code == KEY_RESIZE {
            markFullRepaint()
            return [.resized(size)]
        }
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
