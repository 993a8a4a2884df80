// PTY attach. Two kinds of stream, chosen by the request:
// - upstream's: a tmux client on a real PTY (forkpty) whose redraw is streamed as `pty:output`;
//   `readOnly` (extension) attaches it with `-r -f read-only,ignore-size`;
// - a pane stream (extension, `stream: "pane"`): `pty:snapshot`, then the pane's own bytes from
//   tmux control mode (WSHandler+Pane). Without the field, nothing changes for upstream clients.
import ClaudePMProtocol
import Foundation
import ServerCore

/// What a `pty:attach` asked for.
struct AttachRequest: Sendable {
    var cols: Int
    var rows: Int
    var readOnly: Bool
    var paneStream: Bool
    var history: Int?
}

/// The stream attached to a connection.
struct AttachedPTY: Sendable {
    enum Kind: Sendable {
        case client(PTYProcess)
        case pane(PaneSubscription, session: String)
    }

    var sessionId: String
    var paneId: String
    var kind: Kind
    var readOnly: Bool
    var reader: Task<Void, Never>
    /// Who sizes the pane's window, for the pane streams' sizer (the window is put back when
    /// the last viewer that sized it leaves).
    var viewer = UUID()
}

extension WSHandler {
    func attach(_ requestedId: String, _ request: AttachRequest) async {
        let id = requestedId.lowercased()
        if let pty {
            return await sendError(WSError.ptyAlreadyAttached(connection: connectionId, session: pty.sessionId))
        }
        guard let session = try? await SessionQueries(store: services.store).record(id) else {
            return await sendError(WSError.sessionNotFound(id))
        }
        guard session.hasRealPane else {
            return await sendError(WSError.ptyInvalidPane(sessionId: id, paneId: session.paneId))
        }
        guard let project = try? await services.projects.get(session.projectId) else {
            return await sendError(WSError.sessionNotFound(id))
        }
        if request.paneStream, let streams = services.panes.paneStreams {
            return await attachPane(id, paneId: session.paneId, projectSession: project.tmuxSession, request, streams)
        }
        guard await services.panes.isPaneAlive(session.paneId) else {
            return await sendError(WSError.paneNotAlive(session.paneId))
        }
        let process: PTYProcess
        do {
            process = try ptys.spawn(
                paneId: session.paneId, session: project.tmuxSession, cols: request.cols, rows: request.rows,
                readOnly: request.readOnly)
        } catch {
            return await sendError(WSError.ptyAttachFailed("\(error)"))
        }
        hub.subscribe(connection, to: id)
        connection.hasPTY = true
        await send(.ptyAttached(PtyAttachedPayload(sessionId: id, cols: request.cols, rows: request.rows)))
        let reader = startReader(process, sessionId: id)
        pty = AttachedPTY(
            sessionId: id, paneId: session.paneId, kind: .client(process), readOnly: request.readOnly, reader: reader)
    }

    /// Streams the PTY's output as `pty:output` messages, then `pty:exit`. Not isolated to the
    /// handler: the loop never waits for the actor, so incoming messages never delay output.
    private nonisolated func startReader(_ process: PTYProcess, sessionId: String) -> Task<Void, Never> {
        let connection = connection
        return Task.detached { [weak self] in
            var encoder = PTYOutputEncoder(sessionId: sessionId)
            for await chunk in process.output {
                guard let message = encoder.message(chunk) else { continue }
                await connection.send(text: message)
            }
            let code = await process.waitForExit()
            await connection.send(.ptyExit(PtyExitPayload(sessionId: sessionId, exitCode: Int(code))))
            await self?.streamEnded(subscription: nil, process: process)
        }
    }

    /// Forgets the attached stream once it ended by itself (the same one still attached).
    func streamEnded(subscription: UUID?, process: PTYProcess?) {
        guard let pty else { return }
        switch pty.kind {
        case .client(let p): guard p === process else { return }
        case .pane(let current, _): guard current.id == subscription else { return }
        }
        self.pty = nil
        connection.hasPTY = false
    }

    /// Stops a stream: kills the tmux client (its reader still sends `pty:exit` unless the
    /// socket is closing: `cancelReader`), or leaves the pane stream (the window is put back as
    /// it was if this viewer was the last one that sized it).
    func end(_ attached: AttachedPTY, cancelReader: Bool) {
        switch attached.kind {
        case .client(let process): process.terminate()
        case .pane(let subscription, _):
            subscription.cancel()
            if let streams = services.panes.paneStreams {
                Task { await streams.releaseSize(viewer: attached.viewer) }
            }
        }
        if cancelReader { attached.reader.cancel() }
    }

    func detach(_ id: String) async {
        log.ptyDetached(session: id)
        // `pty:detached` goes out before the process is killed, so it precedes `pty:exit` as upstream.
        await send(.ptyDetached(PtyDetachedPayload(sessionId: id)))
        if let pty {
            end(pty, cancelReader: false)
            self.pty = nil
            connection.hasPTY = false
        }
    }

    func ptyData(_ data: String) async {
        guard let pty else { return await sendError(WSError.ptyNotAttached(connection: connectionId)) }
        if pty.readOnly { return }
        switch pty.kind {
        case .client(let process):
            do { try process.write(Array(data.utf8)) } catch { await sendError(WSError.internalError(.sendData)) }
        case .pane(_, let session):
            do {
                try services.panes.paneStreams?.input(pane: pty.paneId, session: session, bytes: Array(data.utf8))
            } catch {
                await sendError(WSError.internalError(.sendData))
            }
        }
    }

    /// Resizes the stream. On a pane stream `readOnly` (extension) also switches it between
    /// watching and interactive in place: interactive sizes the pane's window to this viewer (a
    /// snapshot at the new size follows; under `window-size manual` only with `fit`, extension),
    /// read-only puts the window back as it was. A tmux-client stream keeps the mode it was
    /// attached with (its client's flags are fixed at spawn).
    func resize(cols: Int, rows: Int, readOnly: Bool? = nil, fit: Bool = false) async {
        guard var pty else { return await sendError(WSError.ptyNotAttached(connection: connectionId)) }
        switch pty.kind {
        case .client(let process):
            do { try process.resize(cols: cols, rows: rows) } catch { await sendError(WSError.internalError(.resize)) }
        case .pane(_, let session):
            guard let streams = services.panes.paneStreams else { return }
            if let readOnly, readOnly != pty.readOnly {
                pty.readOnly = readOnly
                self.pty = pty
                log.ptyAccessChanged(session: pty.sessionId, readOnly: readOnly)
                if readOnly { return await streams.releaseSize(viewer: pty.viewer) }
            }
            guard !pty.readOnly else { return }
            _ = try? await streams.resize(
                pane: pty.paneId, session: session, cols: cols, rows: rows, viewer: pty.viewer, fit: fit)
        }
    }

    func selectPane() async {
        guard let pty else { return await sendError(WSError.ptyNotAttachedForSelectPane) }
        // A pane stream shows its pane whatever the session's current window is.
        if case .pane = pty.kind { return }
        do { try await services.panes.selectAndZoom(pty.paneId) } catch {
            await sendError(WSError.internalError(.selectPane))
        }
    }
}

/// Spawns tmux clients on PTYs.
struct PTYLauncher: Sendable {
    let executable: String
    let argv: @Sendable (_ paneId: String, _ session: String, _ readOnly: Bool) -> [String]

    func spawn(paneId: String, session: String, cols: Int, rows: Int, readOnly: Bool) throws -> PTYProcess {
        try PTYProcess.spawn(
            executable: executable, arguments: argv(paneId, session, readOnly),
            environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"], cwd: nil, cols: cols, rows: rows)
    }
}
