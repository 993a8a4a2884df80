/// The modes of a screen that change how later bytes are drawn or what keys and the mouse send,
/// as a snapshot must set them again (ScreenImage).
public struct ScreenModes: Equatable, Hashable, Sendable {
    /// DECCKM: cursor keys send `ESC O x`.
    public var applicationCursor = false
    /// DECKPAM: the keypad sends application sequences.
    public var applicationKeypad = false
    /// IRM: printing inserts.
    public var insert = false
    /// DECAWM: printing past the last column wraps.
    public var autowrap = true
    /// DECOM: cursor addressing is relative to the scroll region.
    public var origin = false
    /// DECSCNM: the whole screen in reverse video.
    public var reverseVideo = false
    /// DEC 2004.
    public var bracketedPaste = false
    /// DEC 1004.
    public var focusReports = false
    /// DEC 1000, 1002 or 1003.
    public var mouse = MouseMode.none
    /// The mouse encoding: 1005, 1006, 1015, or 0 for X10.
    public var mouseEncoding = 0
    /// DECSTBM's arguments as the program sent them (nil: none, the whole screen).
    public var scrollTop: Int?
    /// DECSTBM's bottom argument (nil: the last row).
    public var scrollBottom: Int?
    /// Whether a scroll region is set at all.
    public var hasScrollRegion = false
    /// The final bytes of the G0 and G1 designations (`B` ASCII, `0` DEC special graphics, …),
    /// 0 for a set a reset left alone.
    public var g0: UInt8 = 0
    /// G1's designation.
    public var g1: UInt8 = 0
    /// G2's and G3's.
    public var g2: UInt8 = 0
    public var g3: UInt8 = 0
    /// The set in GL: 0 (G0), 1 (G1 after SO), 2 or 3 (after LS2, LS3).
    public var gl = 0

    /// The designation of the set in GL.
    public var activeSet: UInt8 { [g0, g1, g2, g3][min(max(gl, 0), 3)] }

    /// A reset terminal's modes.
    public init() {}
}
