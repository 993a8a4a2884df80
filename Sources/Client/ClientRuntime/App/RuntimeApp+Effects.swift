// Effects: tiles watch read-only at the configured tile size while visible; full-screen attach
// opens an interactive stream at the local size and returns to a read-only tile on detach; keys
// are encoded by the session's TerminalScreen (which knows the remote's keyboard modes).
import ClientCore
import TUI
import TerminalScreen

extension RuntimeApp {
    func perform(_ effect: AppEffect) {
        switch effect {
        case .watch(let key, let tile):
            guard channels[key] == nil else { return }
            open(key, size: GridSize(cols: tile.cols, rows: tile.rows), readOnly: true)
        case .unwatch(let key):
            guard key != state.attachedSession else { return }
            close(key)
            screens[key] = nil
        case .attach(let key, let size):
            close(key)
            open(key, size: size, readOnly: false)
            echo = (key, EchoPredictor(settings: state.ui.prediction))
        case .detach(let key):
            close(key)
            if echo?.key == key { echo = nil }
            if state.watched.contains(key) {
                open(key, size: GridSize(cols: state.ui.tileSize.cols, rows: state.ui.tileSize.rows), readOnly: true)
            } else {
                screens[key] = nil
            }
        case .resizeRemote(let key, let size):
            // A pane stream's emulator takes the pane's size from the next snapshot.
            if !paneStreams.contains(key) { screens[key]?.resize(rows: max(size.rows, 1), cols: max(size.cols, 1)) }
            channels[key]?.channel.resize(cols: size.cols, rows: size.rows)
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
        case .showStats:
            dispatch(.showPager(title: "claudepm stats", lines: StatsReport.lines(state, counters: streamCounters)))
        case .sendInput, .answerPermission, .refreshSessions, .loadBoard, .loadTicketContent, .startTicketSession,
            .approveTicket, .rejectTicket, .moveTicket, .clearNotifications, .deleteNotification,
            .refetchNotifications:
            // Listed, not defaulted: a new effect must be routed somewhere to compile.
            network.perform(effect)
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
        guard
            let channel = network.openTerminal(
                key, cols: cols, rows: rows, readOnly: readOnly, generation: nextGeneration)
        else { return }
        channels[key] = (channel, nextGeneration, readOnly)
    }

    private func close(_ key: SessionKey) {
        paneStreams.remove(key)
        streamCounters[key] = nil
        channels.removeValue(forKey: key)?.channel.close()
    }

    private func forward(_ appKey: AppKey, to key: SessionKey) {
        guard let screen = screens[key], let entry = channels[key], !entry.readOnly else { return }
        var bytes = appKey.encoded(for: screen)
        if case .mouse(let event) = appKey { bytes = Self.mouseBytes(event, screen: screen) }
        guard !bytes.isEmpty else { return }
        echoWait = (key, inputTime + Self.echoWindow)
        let text = String(decoding: bytes, as: UTF8.self)
        entry.channel.input(text)
        if case .mouse = appKey { return }
        predictTyped(text, key: key, screen: screen)
    }

    /// A mouse event for a remote program that asked for mouse reports (else nothing).
    private static func mouseBytes(_ event: MouseEvent, screen: TerminalScreen) -> [UInt8] {
        switch event.kind {
        case .press:
            return screen.encodeMouse(row: event.row, col: event.col, button: .left, pressed: true)
                + screen.encodeMouse(row: event.row, col: event.col, button: .left, pressed: false)
        case .wheelUp: return screen.encodeMouse(row: event.row, col: event.col, button: .wheelUp, pressed: true)
        case .wheelDown: return screen.encodeMouse(row: event.row, col: event.col, button: .wheelDown, pressed: true)
        }
    }
}
