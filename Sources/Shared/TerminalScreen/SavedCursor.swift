/// What libvterm 0.1.4 keeps at a cursor save (DECSC `ESC 7`, DEC 1048 and 1049) and gives back at the restore: the position, the pen, and the cursor's visibility,
/// blink and shape. libvterm has no call to read it, so the screen reads these right after each
/// save (TerminalScreen+Saved.swift); a snapshot sets them again (ScreenImage).
public struct SavedCursor: Equatable, Sendable {
    /// Zero-based row.
    public var row = 0
    /// Zero-based column.
    public var col = 0
    /// The pen: attributes and colours.
    public var pen = CellStyle()
    /// Whether the cursor is shown.
    public var visible = true
    /// Whether it blinks.
    public var blink = true
    /// DECSCUSR's shape: 1 block, 2 underline, 3 bar.
    public var shape = 1

    /// The state before any save (libvterm's after a reset).
    public init() {}
}
