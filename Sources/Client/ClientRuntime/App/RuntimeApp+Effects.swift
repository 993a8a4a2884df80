// Effects: tiles watch read-only at the configured tile size while visible, on a server that
// streams panes (elsewhere they are pictures, RuntimeApp+Pictures, and `.watch` opens nothing);
// full-screen attach opens an interactive stream at the local size (a read-only server's session
// keeps its tile's stream), and detach turns that pane stream into the read-only tile in place
// (without a pane stream the attach's stream is closed: its tmux client goes); keys are encoded by
// the session's TerminalScreen (which knows the remote's keyboard modes).
import ClientCore
import TerminalScreen

extension RuntimeApp {
    func perform(_ effect: AppEffect) {
        switch effect {
        case .watch(let key, let tile):
            // A tile's stream on a server without pane streams would be a tmux client.
            guard channels[key] == nil, state.server(key.server)?.paneStreams == true else { return }
            open(key, size: GridSize(cols: tile.cols, rows: tile.rows), readOnly: true)
        case .unwatch(let key):
            guard key != state.attachedSession else { return }
            close(key)
            screens[key] = nil
        case .showPictures(let key):
            drawPicture(key)
        case .hidePictures(let key):
            hidePictures(key)
        case .attach(let key, let size):
            // A read-only server's session is attached as it is watched: the tile's stream is
            // kept (nothing to send, nothing to resize). An interactive attach opens a stream of
            // its own: switching the tile's stream in place made the pane's resize snapshot land
            // among the first typed keys and cost their predictive echo on a slow link (the
            // typing end-to-end tests); detach does switch in place (see below).
            let readOnly = state.isReadOnly(key.server)
            if !(readOnly && switchAccess(key, readOnly: true, size: size)) {
                close(key)
                // A picture is no start for a tmux client's redraw (nor history for its scrollback).
                if state.server(key.server)?.paneStreams == false { screens[key] = nil }
                open(key, size: size, readOnly: readOnly)
            }
            echo = readOnly ? nil : (key, EchoPredictor(settings: state.ui.prediction))
            answerFrames.attached(key, at: inputTime)
        case .detach(let key):
            if echo?.key == key { echo = nil }
            answerFrames.detached(key)
            let tile = GridSize(cols: state.ui.tileSize.cols, rows: state.ui.tileSize.rows)
            if state.watched.contains(key) {
                if !switchAccess(key, readOnly: true, size: tile) {
                    close(key)
                    open(key, size: tile, readOnly: true)
                }
            } else {
                close(key)
                screens[key] = nil
            }
        case .resizeRemote(let key, let size):
            // A pane stream's emulator takes the pane's size from the next snapshot.
            if !paneStreams.contains(key) { screens[key]?.resize(rows: max(size.rows, 1), cols: max(size.cols, 1)) }
            channels[key]?.channel.resize(cols: size.cols, rows: size.rows)
        case .fitRemote(let key, let size):
            channels[key]?.channel.fit(cols: size.cols, rows: size.rows)
        case .forwardKey(let key, let appKey):
            forward(appKey, to: key)
        case .alertOuterTerminal(let title, let body, let desktop):
            pendingAlerts.append(
                OuterTerminalAlert.bytes(title: title, body: body, desktop: desktop, insideTmux: insideTmux))
        case .suspend:
            suspend()
        case .quit:
            stopRequested = true
        case .reconnect:
            network.reconnectAll()
        case .retryStream(let key):
            channels[key]?.channel.retryNow()
        case .showRewindScreen(let past):
            renderer.rewindScreen = past.map { past in
                let screen = TerminalScreen(rows: max(past.rows, 1), cols: max(past.cols, 1))
                screen.feed(past.data)
                _ = screen.takeOutput()
                return screen
            }
        case .showStats:
            dispatch(.showPager(title: "claudepm stats", lines: StatsReport.lines(state, counters: streamCounters)))
        case .network(let request):
            // The backend switches over every request with no default: a new one must be handled to compile.
            network.perform(request)
        }
    }

    /// Closes every stream (on exit).
    func closeAll() {
        for key in Array(channels.keys) { close(key) }
    }

    private func open(_ key: SessionKey, size: GridSize, readOnly: Bool) {
        let rows = max(size.rows, 1)
        let cols = max(size.cols, 1)
        if let screen = screens[key] {
            screen.resize(rows: rows, cols: cols)
        } else {
            screens[key] = TerminalScreen(rows: rows, cols: cols)
        }
        nextGeneration += 1
        // Ask for a pane stream unless the server is known not to have them (an attach before the
        // server said gets one from claudepm-server, a tmux client from upstream, as asked).
        let paneStream = state.server(key.server)?.paneStreams != false
        guard
            let channel = network.openTerminal(
                key, cols: cols, rows: rows, readOnly: readOnly, paneStream: paneStream, generation: nextGeneration)
        else { return }
        channels[key] = (channel, nextGeneration, readOnly)
        // The new stream is not attached yet: the status line says so from this frame on, not
        // the state of the stream it replaces (keys typed before it attaches are not sent).
        dispatch(.streamStatus(key, .connecting(attempt: 0)))
    }

    /// Keeps `key`'s pane stream and switches it between watching and interactive (a switch
    /// drawn at once: the screen already holds the pane). False when there is no pane stream to
    /// keep (a tmux-client stream, e.g. from an upstream server, is closed and opened anew).
    private func switchAccess(_ key: SessionKey, readOnly: Bool, size: GridSize) -> Bool {
        guard paneStreams.contains(key), let entry = channels[key] else { return false }
        channels[key] = (entry.channel, entry.generation, readOnly)
        entry.channel.setAccess(readOnly: readOnly, cols: max(size.cols, 1), rows: max(size.rows, 1))
        return true
    }

    private func close(_ key: SessionKey) {
        paneStreams.remove(key)
        streamCounters[key] = nil
        channels.removeValue(forKey: key)?.channel.close()
    }

    private func forward(_ appKey: AppKey, to key: SessionKey) {
        guard let screen = screens[key], let entry = channels[key], !entry.readOnly else { return }
        let bytes = screen.encode(inPane(appKey, of: key))
        guard !bytes.isEmpty else { return }
        // The key's echo replaces what an attach was still waiting for.
        answerFrames.keyForwarded(to: key, at: inputTime)
        let text = String(decoding: bytes, as: UTF8.self)
        entry.channel.input(text)
        if case .mouse = appKey { return }
        predictTyped(text, key: key, screen: screen)
    }

    /// A mouse event at a place of the attach view, moved to that place of the pane: a pane
    /// larger than the view is drawn from the mirror's crop origin (AttachView).
    private func inPane(_ appKey: AppKey, of key: SessionKey) -> AppKey {
        guard case .mouse(var event) = appKey, let mirror = renderer.mirror(for: key) else { return appKey }
        let view = state.attachSize
        let origin = mirror.cropOrigin(height: view.rows, width: view.cols)
        event.row += origin.row
        event.col += origin.col
        return .mouse(event)
    }
}
