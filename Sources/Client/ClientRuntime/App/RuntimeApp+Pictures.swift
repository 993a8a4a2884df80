// Tiles of a server without pane streams (the upstream server, docs/compatibility.md) are drawn
// from the `session:output` snapshots it pushes to the event socket, which is subscribed to every
// running session: no terminal stream, so no tmux client, no `select-pane`, no resize. The latest
// lines of every session are kept, so a tile that comes into view (a page turn, the end of an
// attach) shows its picture at once; a tile shown now gets each new picture as it arrives, and
// the model learns when it last changed (the tile's age sign).
import ClientCore
import Foundation
import TerminalScreen

/// A session's latest `session:output` lines and when they last changed.
struct SessionPicture {
    var lines: [String]
    var changed: Date
}

extension RuntimeApp {
    /// Keeps `lines` as `key`'s latest picture and draws it on its tile if the tile shows
    /// pictures; true when a frame is due. A picture equal to the last (a resubscribe sends the
    /// same lines again) changes nothing.
    func handlePicture(_ key: SessionKey, lines: [String]) -> Bool {
        guard pictures[key]?.lines != lines else { return false }
        if pictures[key] == nil, pictures.count >= 2 * max(state.sessions.count, 32) {
            pictures = pictures.filter { state.sessions[$0.key]?.isLive == true }
        }
        pictures[key] = SessionPicture(lines: lines, changed: Date())
        return drawPicture(key)
    }

    /// Draws `key`'s latest picture on its screen if its tile shows pictures now (never on an
    /// attached session's screen, which its stream owns); true when it drew.
    @discardableResult
    func drawPicture(_ key: SessionKey) -> Bool {
        guard state.pictured.contains(key), channels[key] == nil, let picture = pictures[key] else { return false }
        let screen = screens[key] ?? TerminalScreen(rows: 1, cols: 1)
        screens[key] = screen
        PicturePainter.paint(picture.lines, on: screen)
        findScreenChanged(key)
        dispatch(.pictureChanged(key, at: picture.changed))
        return true
    }

    /// The tile no longer shows pictures: its screen goes, unless a stream (an attach) owns it.
    func hidePictures(_ key: SessionKey) {
        guard channels[key] == nil, key != state.attachedSession else { return }
        screens[key] = nil
    }
}
