// What `reduce` asks of the runtime: the terminal and UI effects it carries out on its loop
// (streams, alerts, suspend, quit) here, and every request to a server wrapped as `.network`
// (`NetworkEffect`), which the runtime hands to its network backend unopened.

import ClaudePMProtocol

/// Commands `reduce` asks the runtime to carry out.
public enum AppEffect: Hashable, Sendable {
    /// Open a read-only PTY stream for a tile at the configured tile size (only on a server that
    /// streams panes).
    case watch(SessionKey, TileSize)
    /// Close a tile's PTY stream.
    case unwatch(SessionKey)
    /// Draw a tile from the session's `session:output` pictures, the latest now and each new one
    /// as it arrives (a server without pane streams: no terminal stream, nothing in tmux).
    case showPictures(SessionKey)
    /// Stop drawing that tile's pictures; drop its screen unless the session is attached.
    case hidePictures(SessionKey)
    /// Attach interactively at the local terminal size (upgrading a tile stream if one is open).
    case attach(SessionKey, GridSize)
    /// Leave interactive attach. The stream stays open if the session is still in `watched`.
    case detach(SessionKey)
    /// Tell the remote PTY the local size changed (the runtime debounces, `ResizeDebouncer`).
    case resizeRemote(SessionKey, GridSize)
    /// Size the attached session's window to the view at once, also under tmux's `window-size
    /// manual` (the resize key).
    case fitRemote(SessionKey, GridSize)
    /// Send a key to the attached remote program (its `TerminalScreen` encodes it).
    case forwardKey(SessionKey, AppKey)
    /// A request to one server (REST or the event socket), carried out by the network backend.
    case network(NetworkEffect)
    /// Ring the outer terminal: BEL, plus OSC 9/777 when `desktop` (see `OuterTerminalAlert`).
    case alertOuterTerminal(title: String, body: String, desktop: Bool)
    /// Show the links' statistics (`:stats`): the runtime, which counts stream bytes, builds them.
    case showStats
    /// Connect every server that is down now, not at its next scheduled try, re-reading its API
    /// key first (after a rotated key, or a 4001).
    case reconnect
    /// Try `key`'s terminal stream at once if it waits to reconnect (its server's event socket
    /// is back online).
    case retryStream(SessionKey)
    /// Show this past screen in rewind (the runtime draws it into a screen of its own), or none.
    case showRewindScreen(JournalScreen?)
    /// Stop the client as the shell's job control does (Ctrl-Z): the terminal is given back
    /// first and taken again on `fg`, then `.resumed` follows.
    case suspend
    /// Exit the client (the runtime restores the terminal).
    case quit
}
