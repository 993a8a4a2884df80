// Everything a viewer needs to rebuild a screen exactly: the scrollback, the screen's cells (an
// erased cell's background to the end of each row included), the primary screen kept behind the
// alternate one, the cursor, the pen, the last cursor save, the modes, character sets and titles.
// The server takes one from the emulator it holds per watched pane and sends its bytes as a
// pane stream's snapshot (`encoded`, ScreenImage+Encode.swift): fed to a reset TerminalScreen of
// the same size they give the same image, and the pane's later output draws on it as it would
// have on the original.

/// An exact picture of a TerminalScreen.
public struct ScreenImage: Equatable, Sendable {
    /// Size in rows and columns.
    public var rows: Int
    public var cols: Int
    /// Scrollback lines, oldest first, trimmed of default blank cells as the screen keeps them.
    public var scrollback: [[Cell]]
    /// The visible rows (of the alternate screen when it is on), each `cols` cells.
    public var screen: [[Cell]]
    /// The primary screen's rows while the alternate screen is on, nil otherwise.
    public var primary: [[Cell]]?
    /// The cursor: position and visibility.
    public var cursor: CursorState
    /// Whether the cursor blinks.
    public var cursorBlink: Bool
    /// DECSCUSR's shape: 1 block, 2 underline, 3 bar.
    public var cursorShape: Int
    /// The cursor waits in the last column to wrap at the next printed character.
    public var pendingWrap: Bool
    /// The pen the next character is printed with.
    public var pen: CellStyle
    /// What the last cursor save kept.
    public var saved: SavedCursor
    /// Modes and character sets.
    public var modes: ScreenModes
    /// OSC 2 and OSC 1.
    public var title: String
    public var iconName: String
    /// The cell the screen printed last, when a joining scalar (a combining mark, a joiner) that
    /// starts the next bytes would still join it: the cursor is right after it (or waits to wrap
    /// on it) and nothing came since. The encoded bytes then print it last.
    public var joinableCell: CellPosition?
    /// Input the screen holds back, not yet given to libvterm: the start of an escape sequence or
    /// of a UTF-8 character that the last bytes fed cut short. It ends the encoded bytes, so the
    /// bytes that follow the image complete it as they would have on the original.
    public var pendingInput: [UInt8] = []

    /// An image.
    public init(
        rows: Int, cols: Int, scrollback: [[Cell]] = [], screen: [[Cell]], primary: [[Cell]]? = nil,
        cursor: CursorState = CursorState(row: 0, col: 0, visible: true), cursorBlink: Bool = true,
        cursorShape: Int = 1, pendingWrap: Bool = false, pen: CellStyle = CellStyle(),
        saved: SavedCursor = SavedCursor(),
        modes: ScreenModes = ScreenModes(), title: String = "", iconName: String = ""
    ) {
        self.rows = rows
        self.cols = cols
        self.scrollback = scrollback
        self.screen = screen
        self.primary = primary
        self.cursor = cursor
        self.cursorBlink = cursorBlink
        self.cursorShape = cursorShape
        self.pendingWrap = pendingWrap
        self.pen = pen
        self.saved = saved
        self.modes = modes
        self.title = title
        self.iconName = iconName
    }
}
