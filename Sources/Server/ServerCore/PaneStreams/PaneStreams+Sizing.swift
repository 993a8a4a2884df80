// Window sizes for interactive viewers (WindowSizer), through the control clients: a viewer
// sizes its pane's window (`resize-window`, which also sets the window's own `window-size` to
// manual), and the window is put back exactly as it was when the last such viewer leaves, when
// the server stops, and at the next start for what a killed server left recorded. Under a
// `window-size` of `manual` nothing is resized unless the viewer asks (`fit`).
import Foundation

extension PaneStreams {
    /// Sizes `pane`'s window to `cols`×`rows` for `viewer`; true when it was resized (false under
    /// `window-size manual` unless `fit` or this viewer sized it before, or when the window's
    /// state could not be recorded first).
    @discardableResult
    public func resize(
        pane: String, session: String, cols: Int, rows: Int, viewer: UUID, fit: Bool = false
    ) async throws(TmuxError) -> Bool {
        try TmuxArgument.validatePaneID(pane)
        _ = try client(for: session)
        let size = WindowSize(cols: max(1, min(cols, 10_000)), rows: max(1, min(rows, 10_000)))
        return await sizer.size(pane: pane, session: session, viewer: viewer, to: size, fit: fit, sizerAccess)
    }

    /// `viewer` no longer sizes its window; the last viewer of a window puts it back.
    public func releaseSize(viewer: UUID) async {
        await sizer.release(viewer: viewer, sizerAccess)
    }

    /// Puts back every window sized for a viewer (before the server stops).
    public func restoreSizes() async {
        await sizer.restoreAll(sizerAccess)
    }

    /// Puts back the windows a server that was killed left sized (at start, before any viewer).
    public func restoreLeftoverSizes() async {
        await sizer.restoreUnheld(sizerAccess)
    }

    /// The control clients for the sizer, and a read (outside control mode) of the session a
    /// window is in now, for a record whose session was renamed or closed.
    var sizerAccess: WindowSizer.Access {
        let tmux = tmux
        return WindowSizer.Access(
            run: { [weak self] session, commands in
                guard let self, !self.state.withLock({ $0.stopped }), let client = try? self.client(for: session)
                else { return nil }
                return await client.run(commands)
            },
            sessionOf: { window in
                let line = try? await tmux.run(["display-message", "-p", "-t", window, "#{window_id} #{session_name}"])
                guard let line, line.hasPrefix(window + " ") else { return nil }
                let name = line.dropFirst(window.count + 1).trimmingCharacters(in: .newlines)
                return name.isEmpty ? nil : name
            })
    }
}
