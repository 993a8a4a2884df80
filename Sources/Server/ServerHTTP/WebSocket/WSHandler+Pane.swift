// Pane streams on a WebSocket (claudepm extension): `pty:attached` with `stream: "pane"`, then a
// `pty:snapshot` whenever the viewer must start over (first, after a resize, after tmux paused
// the pane or the viewer fell behind) and `pty:output` with the pane's bytes in between;
// `pty:exit` when the pane closes. An interactive viewer sizes the pane's window to its own
// size (not under `window-size manual` unless it asks, `fit`), and the window is put back when
// the last viewer that sized it leaves; a read-only one never sizes anything.
import ClaudePMProtocol
import Foundation
import ServerCore

extension WSHandler {
    /// Default history rows in a pane stream's snapshot.
    static let defaultPaneHistory = 2_000

    /// Attaches a pane stream of `paneId`, whose project runs in tmux session `projectSession`
    /// (the pane may have moved to another session since).
    func attachPane(
        _ id: String, paneId: String, projectSession: String, _ request: AttachRequest, _ streams: PaneStreams
    ) async {
        guard let session = await liveSession(of: paneId, projectSession: projectSession, streams) else {
            return await sendError(WSError.paneNotAlive(paneId))
        }
        let viewer = UUID()
        if !request.readOnly {
            _ = try? await streams.resize(
                pane: paneId, session: session, cols: request.cols, rows: request.rows, viewer: viewer)
        }
        let subscription: PaneSubscription
        do {
            subscription = try streams.subscribe(
                pane: paneId, session: session, history: request.history ?? Self.defaultPaneHistory)
        } catch {
            await streams.releaseSize(viewer: viewer)
            return await sendError(WSError.ptyAttachFailed("\(error)"))
        }
        hub.subscribe(connection, to: id)
        connection.hasPTY = true
        await send(
            .ptyAttached(PtyAttachedPayload(sessionId: id, cols: request.cols, rows: request.rows, stream: "pane")))
        let reader = startPaneReader(subscription, sessionId: id)
        pty = AttachedPTY(
            sessionId: id, paneId: paneId, kind: .pane(subscription, session: session), readOnly: request.readOnly,
            reader: reader, viewer: viewer)
    }

    /// The tmux session `paneId` is in, nil when the pane is gone: asked through the project
    /// session's control client (no tmux process on the way from Enter to the screen), or with
    /// one tmux process when that client cannot be asked.
    private func liveSession(of paneId: String, projectSession: String, _ streams: PaneStreams) async -> String? {
        switch await streams.lookUp(pane: paneId, session: projectSession) {
        case .alive(let session): return session
        case .gone: return nil
        case .unknown: return await services.panes.paneSummary(paneId)?.sessionName
        }
    }

    private nonisolated func startPaneReader(_ subscription: PaneSubscription, sessionId: String) -> Task<Void, Never> {
        let connection = connection
        return Task.detached { [weak self] in
            var encoder = PTYOutputEncoder(sessionId: sessionId)
            while let event = await subscription.next() {
                switch event {
                case .snapshot(let snapshot):
                    encoder = PTYOutputEncoder(sessionId: sessionId)
                    await connection.send(Self.snapshotMessage(snapshot, sessionId: sessionId))
                case .output(let bytes):
                    if let message = encoder.message(bytes) { await connection.send(text: message) }
                case .ended:
                    await connection.send(.ptyExit(PtyExitPayload(sessionId: sessionId, exitCode: 0)))
                }
            }
            await self?.streamEnded(subscription: subscription.id, process: nil)
        }
    }

    private nonisolated static func snapshotMessage(_ snapshot: PaneSnapshot, sessionId: String) -> ServerMessage {
        .ptySnapshot(
            PtySnapshotPayload(
                sessionId: sessionId, cols: snapshot.cols, rows: snapshot.rows,
                data: String(decoding: snapshot.bytes, as: UTF8.self), historyRows: snapshot.historyRows))
    }
}
