// PTY attach: one tmux client per connection on a real PTY (forkpty), its output streamed as
// `pty:output` (PTYOutputEncoder), `pty:exit` when it ends. `readOnly` (extension) attaches with `-r -f ignore-size`.
import ClaudePMProtocol
import Foundation
import ServerCore

/// The PTY attached to a connection.
struct AttachedPTY: Sendable {
    var sessionId: String
    var paneId: String
    var process: PTYProcess
    var readOnly: Bool
    var reader: Task<Void, Never>
}

extension WSHandler {
    func attach(_ requestedId: String, cols: Int, rows: Int, readOnly: Bool) async {
        let id = requestedId.lowercased()
        if let pty {
            return await sendError(WSError.ptyAlreadyAttached(connection: connectionId, session: pty.sessionId))
        }
        guard let session = try? SessionQueries(store: services.store).record(id) else {
            return await sendError(WSError.sessionNotFound(id))
        }
        guard session.hasRealPane else {
            return await sendError(WSError.ptyInvalidPane(sessionId: id, paneId: session.paneId))
        }
        guard let project = try? services.projects.get(session.projectId) else {
            return await sendError(WSError.sessionNotFound(id))
        }
        guard await services.panes.isPaneAlive(session.paneId) else {
            return await sendError(WSError.paneNotAlive(session.paneId))
        }
        let process: PTYProcess
        do {
            process = try ptys.spawn(
                paneId: session.paneId, session: project.tmuxSession, cols: cols, rows: rows, readOnly: readOnly)
        } catch {
            return await sendError(WSError.ptyAttachFailed("\(error)"))
        }
        hub.subscribe(connection, to: id)
        connection.hasPTY = true
        await send("pty:attached", [("sessionId", .string(id)), ("cols", .int(cols)), ("rows", .int(rows))])
        let reader = startReader(process, sessionId: id)
        pty = AttachedPTY(sessionId: id, paneId: session.paneId, process: process, readOnly: readOnly, reader: reader)
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
            await connection.send(
                Wire.message("pty:exit", [("sessionId", .string(sessionId)), ("exitCode", .int(Int(code)))]))
            await self?.ptyEnded(process)
        }
    }

    private func ptyEnded(_ process: PTYProcess) {
        guard let pty, pty.process === process else { return }
        self.pty = nil
        connection.hasPTY = false
    }

    func detach(_ id: String) async {
        // `pty:detached` goes out before the process is killed, so it precedes `pty:exit` as upstream.
        await send("pty:detached", [("sessionId", .string(id))])
        if let pty {
            pty.process.terminate()
            self.pty = nil
            connection.hasPTY = false
        }
    }

    func ptyData(_ data: String) async {
        guard let pty else { return await sendError(WSError.ptyNotAttached(connection: connectionId)) }
        if pty.readOnly { return }
        do { try pty.process.write(Array(data.utf8)) } catch {
            await sendError(WSError.internalError(.sendData))
        }
    }

    func resize(cols: Int, rows: Int) async {
        guard let pty else { return await sendError(WSError.ptyNotAttached(connection: connectionId)) }
        do { try pty.process.resize(cols: cols, rows: rows) } catch {
            await sendError(WSError.internalError(.resize))
        }
    }

    func selectPane() async {
        guard let pty else { return await sendError(WSError.ptyNotAttachedForSelectPane) }
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
