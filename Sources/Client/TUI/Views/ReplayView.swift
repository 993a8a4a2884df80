// The replay viewer's frame (`claudepm replay`): the recorded screen as it stood at the player's
// position, cropped like an attached pane when it is larger than the view, above a status line
// with play state, time, speed, a timeline bar with the markers on it, and the keys.

import ClientCore
import TerminalScreen

/// What the status line of the replay viewer says.
public struct ReplayStatus: Equatable, Sendable {
    /// The recording's name (file or title).
    public var title: String
    /// Playing or paused.
    public var playing: Bool
    /// The time shown and the whole length, in seconds.
    public var time: Double
    /// The whole length.
    public var duration: Double
    /// The speed.
    public var speed: Double
    /// Where the markers are, as fractions of the length.
    public var markers: [Double]
    /// Lines of the file left out (not valid events).
    public var skipped: Int

    /// A status.
    public init(
        title: String, playing: Bool, time: Double, duration: Double, speed: Double, markers: [Double], skipped: Int
    ) {
        self.title = title
        self.playing = playing
        self.time = time
        self.duration = duration
        self.speed = speed
        self.markers = markers
        self.skipped = skipped
    }
}

/// Draws the replay viewer.
public struct ReplayView {
    let theme: Theme

    /// A view drawing with `theme`.
    public init(theme: Theme) { self.theme = theme }

    /// Draws `mirror` (the replayed screen) and `status`; returns where the cursor goes.
    public func draw(
        mirror: TerminalScreenMirror, status: ReplayStatus, into frame: inout CellBuffer
    )
        -> CursorPlacement?
    {
        Self.draw(mirror: mirror, line: { text(status, width: $0) }, theme: theme, into: &frame)
    }

    /// Draws a past screen over the whole frame but its last row, and the status line there
    /// (`line` gets its width), with `highlight` (a row, a column, a width in cells of the
    /// screen) in reverse video; returns where the cursor goes. Shared with rewind.
    static func draw(
        mirror: TerminalScreenMirror?, line: (Int) -> String, theme: Theme, into frame: inout CellBuffer,
        highlight: (row: Int, col: Int, width: Int)? = nil
    ) -> CursorPlacement? {
        let (body, status) = frame.bounds.splitBottom(frame.size.rows >= 2 ? 1 : 0)
        frame.fill(body, with: .blank)
        if !status.isEmpty { frame.putLine(line(status.width), in: status, row: status.y, style: theme.bar) }
        guard let mirror else { return nil }
        let origin = mirror.cropOrigin(height: body.height, width: body.width)
        mirror.draw(into: &frame, rect: body, originRow: origin.row, originCol: origin.col)
        if let highlight {
            let row = body.y + highlight.row - origin.row
            for col in (body.x + highlight.col - origin.col)..<(body.x + highlight.col - origin.col + highlight.width)
            where body.contains(row: row, col: col) {
                var cell = frame[row, col]
                cell.style.attrs.formSymmetricDifference(.reverse)
                frame.set(cell, row: row, col: col)
            }
        }
        let row = body.y + mirror.cursor.row - origin.row
        let col = body.x + mirror.cursor.col - origin.col
        return mirror.cursor.visible && body.contains(row: row, col: col) ? CursorPlacement(row: row, col: col) : nil
    }

    /// The status line's text for `width` columns.
    public func text(_ status: ReplayStatus, width: Int) -> String {
        let unicode = theme.glyphs.horizontal != "-"
        let state = status.playing ? (unicode ? "▶" : ">") : (unicode ? "⏸" : "||")
        let speed = status.speed == 1 ? "" : " ×\(Self.speed(status.speed))"
        let head = " \(state) \(Self.clock(status.time)) / \(Self.clock(status.duration))\(speed) "
        let lost = status.skipped > 0 ? " · \(status.skipped) bad lines left out" : ""
        let keys = " · space play  h/l burst  ,/. event  [/] mark  g/G ends  +/- speed  q quit"
        let tail = " \(status.title)\(lost)\(keys)"
        let barWidth = max(min(width - head.count - tail.count, 60), min(20, max(width - head.count, 0)))
        let fraction = status.duration > 0 ? min(max(status.time / status.duration, 0), 1) : 1
        return head + Self.bar(at: fraction, markers: status.markers, width: barWidth, unicode: unicode) + tail
    }

    /// A timeline `width` cells wide: the position at `fraction` of it, the markers on it.
    static func bar(at fraction: Double, markers: [Double], width: Int, unicode: Bool) -> String {
        guard width > 0 else { return "" }
        let at = min(max(Int((fraction * Double(width - 1)).rounded()), 0), width - 1)
        let marks = Set(markers.map { min(max(Int(($0 * Double(width - 1)).rounded()), 0), width - 1) })
        return String(
            (0..<width).map { index -> Character in
                if index == at { return unicode ? "●" : "o" }
                if marks.contains(index) { return unicode ? "◆" : "+" }
                if index < at { return unicode ? "━" : "=" }
                return unicode ? "─" : "-"
            })
    }

    /// `m:ss` or `h:mm:ss`.
    static func clock(_ seconds: Double) -> String {
        let whole = max(Int(seconds.rounded(.down)), 0)
        let (h, m, s) = (whole / 3600, whole / 60 % 60, whole % 60)
        let ss = s < 10 ? "0\(s)" : "\(s)"
        if h > 0 { return "\(h):\(m < 10 ? "0\(m)" : "\(m)"):\(ss)" }
        return "\(m):\(ss)"
    }

    static func speed(_ value: Double) -> String {
        value >= 1 ? "\(Int(value))" : "1/\(Int((1 / value).rounded()))"
    }
}
