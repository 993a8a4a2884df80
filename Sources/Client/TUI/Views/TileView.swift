// A live tile: a bordered, labelled, cropped view of a session's terminal. The label carries the
// status, the server (when there are several), the waiting badge and the context use; the crop
// keeps the cursor and the newest output in view (the last written rows when the cursor is
// hidden), moved where the user panned it. A tile of a server without pane streams shows
// a picture (the server's latest `session:output`) and says so on its bottom border, with when
// the picture last changed.

import ClientCore
import Foundation

/// Draws tiles.
struct TileView {
    let theme: Theme

    /// Draws `session` into `rect`, using `mirror` for the terminal (nil: not connected yet).
    /// `serverPrefix` (`work · `, or "") goes before the name in the label. `picture` is the sign
    /// of a tile drawn from pictures (`SessionText.picture`), nil for a live one.
    func draw(
        _ session: AppSession, mirror: TerminalScreenMirror?, selected: Bool, stale: Bool, now: Date,
        serverPrefix: String, picture: String? = nil, pan: TilePan? = nil, into frame: inout CellBuffer, rect: Rect
    ) {
        guard !rect.isEmpty else { return }
        let borderStyle = selected ? theme.borderSelected : theme.border
        frame.fill(rect, with: .blank)
        frame.box(rect, style: borderStyle, glyphs: theme.glyphs)
        drawLabel(
            session, selected: selected, stale: stale, now: now, serverPrefix: serverPrefix, into: &frame, rect: rect)
        let inner = rect.inset(by: 1)
        guard !inner.isEmpty else { return }
        guard let mirror, mirror.size.rows > 0 else {
            let waiting = picture == nil ? "connecting…" : "no snapshot yet"
            frame.put(waiting, row: inner.y, col: inner.x, style: theme.dim, clip: inner)
            drawFooter(stale: false, picture: picture, into: &frame, rect: rect)
            return
        }
        let origin = mirror.cropOrigin(
            height: inner.height, width: inner.width, pan: (pan?.rows ?? 0, pan?.cols ?? 0))
        mirror.draw(into: &frame, rect: inner, originRow: origin.row, originCol: origin.col)
        let cursor = mirror.cursor
        let cy = inner.y + cursor.row - origin.row
        let cx = inner.x + cursor.col - origin.col
        if cursor.visible, inner.contains(row: cy, col: cx) {
            var cell = frame[cy, cx]
            cell.style.attrs.formSymmetricDifference(.reverse)
            frame[cy, cx] = cell
        }
        drawFooter(stale: stale, picture: picture, panned: pan != nil, into: &frame, rect: rect)
    }

    /// The bottom border's signs: ` stale ` while the server's data may be old, then a picture's,
    /// then ` panned ` while the user moved the window (Esc puts it back).
    private func drawFooter(
        stale: Bool, picture: String?, panned: Bool = false, into frame: inout CellBuffer, rect: Rect
    ) {
        var x = rect.x + 1
        if stale { x = frame.put(" stale ", row: rect.maxY - 1, col: x, style: theme.stale, clip: rect) }
        if let picture { x = frame.put(" \(picture) ", row: rect.maxY - 1, col: x, style: theme.dim, clip: rect) }
        if panned { frame.put(" panned · Esc ", row: rect.maxY - 1, col: x, style: theme.dim, clip: rect) }
    }

    private func drawLabel(
        _ session: AppSession, selected: Bool, stale: Bool, now: Date, serverPrefix: String,
        into frame: inout CellBuffer, rect: Rect
    ) {
        guard rect.width > 4 else { return }
        let labelArea = Rect(x: rect.x + 1, y: rect.y, width: rect.width - 2, height: 1)
        var x = frame.put(" ", row: rect.y, col: labelArea.x, style: theme.border, clip: labelArea)
        x = frame.put(
            theme.glyph(session.status) + " ", row: rect.y, col: x, style: theme.status(session.status), clip: labelArea
        )
        if !serverPrefix.isEmpty {
            x = frame.put(serverPrefix, row: rect.y, col: x, style: theme.dim, clip: labelArea)
        }
        let name = SessionText.title(session)
        x = frame.put(name, row: rect.y, col: x, style: Style(attrs: selected ? [.bold] : []), clip: labelArea)
        if let badge = SessionText.waiting(session, now: now) {
            x = frame.put(
                " \(theme.glyphs.waiting) \(badge)", row: rect.y, col: x, style: theme.waiting, clip: labelArea)
        }
        x = frame.put(" ctx \(SessionText.context(session)) ", row: rect.y, col: x, style: theme.dim, clip: labelArea)
        if stale { frame.put(theme.glyphs.stale, row: rect.y, col: x, style: theme.stale, clip: labelArea) }
    }
}
