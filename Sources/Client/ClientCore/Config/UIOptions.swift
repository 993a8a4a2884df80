// User-interface options from the `[ui]` table, flags and environment. Defaults are chosen for a
// wall of live tiles on an ordinary terminal.

/// How many colours the TUI may use.
public enum ColourMode: String, Equatable, Hashable, Sendable, Codable, CaseIterable {
    /// Decide from `$COLORTERM` / terminfo at start-up.
    case auto
    /// 24-bit colour.
    case truecolor
    /// The xterm 256-colour palette.
    case ansi256 = "256"
    /// The 16 basic colours.
    case ansi16 = "16"
    /// No colour (attributes only), also chosen by `NO_COLOR`.
    case none
}

/// How notifications reach the user.
public enum NotifyMode: String, Equatable, Hashable, Sendable, Codable, CaseIterable {
    /// Badges and the notification list only; no banners.
    case off
    /// In-app banners.
    case banner
    /// Banners plus a terminal bell (BEL), which tmux and terminals can forward.
    case bell
    /// Banners plus a desktop notification via OSC 9 / OSC 777 (wrapped for tmux passthrough).
    case osc
}

/// A tile's emulated terminal size (what the remote PTY is sized to for live tiles).
public struct TileSize: Equatable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// Columns, 20–500 (the server accepts at most 500).
    public var cols: Int
    /// Rows, 5–200 (the server accepts at most 200).
    public var rows: Int

    /// The default tile size, 120×40.
    public static let `default` = TileSize(cols: 120, rows: 40)

    /// Creates a size without checking it; see `init?(parsing:)` for validated input.
    public init(cols: Int, rows: Int) {
        self.cols = cols
        self.rows = rows
    }

    /// Parses `COLSxROWS` (e.g. `120x40`) within the allowed ranges.
    public init?(parsing text: String) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let cols = Int(parts[0]), let rows = Int(parts[1]),
            (20...500).contains(cols), (5...200).contains(rows)
        else { return nil }
        self.init(cols: cols, rows: rows)
    }

    public var description: String { "\(cols)x\(rows)" }
}

/// The `[ui]` options.
public struct UIOptions: Equatable, Sendable, Codable {
    /// The key that leaves an attached session. Default `C-]`.
    public var detachKey: DetachKey
    /// Emulated size of live tiles. Default 120×40.
    public var tileSize: TileSize
    /// Colour mode. Default `.auto`.
    public var colourMode: ColourMode
    /// Notification delivery. Default `.bell`.
    public var notifyMode: NotifyMode
    /// Maximum frames per second the renderer draws. Default 75 (a busy tile is then at most one
    /// 60 Hz refresh behind: docs/history/performance.md, session 15), range 1–240.
    public var frameCap: Int

    /// The defaults.
    public static let `default` = UIOptions(
        detachKey: .default, tileSize: .default, colourMode: .auto, notifyMode: .bell, frameCap: 75)

    /// Creates options.
    public init(detachKey: DetachKey, tileSize: TileSize, colourMode: ColourMode, notifyMode: NotifyMode, frameCap: Int)
    {
        self.detachKey = detachKey
        self.tileSize = tileSize
        self.colourMode = colourMode
        self.notifyMode = notifyMode
        self.frameCap = frameCap
    }

    /// The allowed frame-cap range.
    /// How often the session list is fetched again, in seconds (`[ui] refresh`), from a server
    /// that sends no event for a new or removed session (the upstream server; the iOS app polls
    /// every 30 s too). A server that pushes them (`sessions:pushing`) is never polled.
    public var sessionRefreshSeconds = 30

    /// Predictive local echo (`[ui] prediction`, `prediction_threshold_ms`). Default auto, 30 ms.
    public var prediction = PredictionSettings.default

    /// The allowed refresh periods, in seconds.
    public static let sessionRefreshRange = 5...3600

    /// How long a banner, or the selected session's prompt, must have been on screen unchanged
    /// before `y`/`n` answer it (`[ui] answer_grace_ms`): a key pressed a moment after it
    /// changed was meant for what was there before. Default 1 s, the time a person needs to
    /// read a new banner.
    public var answerGrace: Duration = .seconds(1)

    /// The allowed `answer_grace_ms` values.
    public static let answerGraceRange = 0...60_000

    public static let frameCapRange = 1...240
}
