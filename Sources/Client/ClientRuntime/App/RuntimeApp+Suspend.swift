// Job control: Ctrl-Z (outside attach) or a SIGTSTP gives the terminal back to the shell and
// stops the process; `fg` continues it, and the client redraws everything at the terminal's
// size now and fetches what may have changed meanwhile. Nothing runs while stopped, pings
// included: the server's own keepalive may drop the sockets, which then reconnect as usual.
import ClientCore

extension RuntimeApp {
    /// Suspends now (returns once continued) and catches up.
    func suspend() {
        terminal.suspend()
        resumed()
    }

    /// After a stop: repaint at the current size, and resync the session lists and notifications.
    func resumed() {
        _ = handleResize()
        dispatch(.resumed)
    }
}
