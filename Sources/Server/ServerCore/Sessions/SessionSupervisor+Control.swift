// Input to sessions (text, tmux key names, raw bytes), output snapshots, focus, scroll and rename.
import ClaudePMProtocol
import Foundation

extension SessionSupervisor {
    /// The reason input cannot be delivered to `record`, nil if it can.
    private func inputBlocker(_ record: SessionRecord) -> String? {
        if record.status != "running" { return "Session is not running (status: \(record.status))" }
        if !record.hasRealPane {
            return "Session does not have a valid tmux pane. It may have been created externally."
        }
        return nil
    }

    private func deliverable(_ id: String) async throws -> SessionRecord {
        let record = try await SessionQueries(store: store).record(id)
        if let reason = inputBlocker(record) {
            throw ServerError.badRequest("Failed to send input to session \(id): \(reason)")
        }
        return record
    }

    /// Types `text` followed by Enter (HTTP `/input`, WS `session:input`). With `prompt` (an
    /// answer naming its prompt), only once per prompt (`AnsweredPrompts`) and only into the wait
    /// it names (`PromptClaim`).
    public func sendInput(_ id: String, text: String, prompt: PromptClaim? = nil) async throws {
        let record = try await deliverable(id)
        try claim(prompt, session: id)
        do { try await panes.sendLiteral(record.paneId, text: text, enter: true) } catch {
            release(prompt, session: id)
            throw ServerError.badRequest("Failed to send input to session \(id): \(error)")
        }
    }

    /// Sends tmux key names split on spaces (HTTP `/keys`); `prompt` as for `sendInput`.
    public func sendKeyNames(_ id: String, keys: String, prompt: PromptClaim? = nil) async throws {
        let record = try await deliverable(id)
        let names = keys.split(separator: " ").map(String.init)
        try claim(prompt, session: id)
        do { try await panes.sendKeyNames(record.paneId, keys: names) } catch {
            release(prompt, session: id)
            throw ServerError.badRequest("Failed to send input to session \(id): \(error)")
        }
    }

    /// Claims `prompt` before its answer is typed (an actor may run a second request while the
    /// first awaits tmux). A prompt answered before is a conflict (409); with the time of the wait
    /// it answers, a session that no longer waits, or waits for a later prompt, is gone (410).
    /// Nothing is typed for either.
    private func claim(_ prompt: PromptClaim?, session id: String) throws {
        guard let prompt else { return }
        guard answeredPrompts.claim(prompt.prompt, session: id) else {
            throw ServerError.conflict("Prompt \(prompt.prompt) was already answered; nothing was sent")
        }
        guard prompt.fits(waitBegan: waitingSince[id]) else {
            answeredPrompts.release(prompt.prompt, session: id)
            throw ServerError.gone("Prompt \(prompt.prompt) is no longer waiting; nothing was sent")
        }
    }

    private func release(_ prompt: PromptClaim?, session id: String) {
        if let prompt { answeredPrompts.release(prompt.prompt, session: id) }
    }

    /// Sends raw bytes (WS `session:keys`).
    public func sendRawKeys(_ id: String, keys: String) async throws {
        let record = try await deliverable(id)
        do { try await panes.sendBytes(record.paneId, bytes: Array(keys.utf8)) } catch {
            throw ServerError.badRequest("Failed to send input to session \(id): \(error)")
        }
    }

    /// The last `lines` lines of the in-memory buffer; 404 when the session is not tracked.
    public func output(_ id: String, lines: Int) throws -> [String] {
        guard let session = live[id] else { throw ServerError.notFound("Session not found: \(id)") }
        return Array(session.buffer.suffix(lines))
    }

    /// The last 100 buffered lines for `subscribed`, empty when not tracked.
    public func bufferLines(_ id: String) -> [String] {
        Array(live[id]?.buffer.suffix(100) ?? [])
    }

    /// Selects and zooms the session's pane; returns the pane id.
    public func focus(_ id: String) async throws -> String {
        guard let record = try? await SessionQueries(store: store).record(id) else {
            throw ServerError.notFound("Session not found")
        }
        guard record.hasRealPane else { throw ServerError.badRequest("Session has no tmux pane") }
        do { try await panes.selectAndZoom(record.paneId) } catch {
            throw ServerError.internalError("Failed to select pane")
        }
        return record.paneId
    }

    /// Renames the session (pane_name and the tmux pane title).
    public func rename(_ id: String, name: String) async throws {
        var record = try await SessionQueries(store: store).record(id)
        record.paneName = name
        record.updatedAt = clock.now()
        let updated = record
        try await store.write { try $0.update(updated) }
        bus.publish(.sessionsChanged(sessionId: id))
        if record.hasRealPane, record.status == "running" { try? await panes.setTitle(record.paneId, title: name) }
    }

    /// Scrolls the session's pane in tmux copy mode; returns the upstream's message for `action`.
    public func scroll(_ id: String, action: ScrollAction) async throws -> String {
        guard let record = try? await SessionQueries(store: store).record(id), record.hasRealPane,
            await panes.isPaneAlive(record.paneId)
        else { throw ServerError.notFound("Session or pane not found") }
        do { try await panes.scroll(record.paneId, action: action) } catch {
            throw ServerError.internalError("Failed to execute scroll action")
        }
        switch action {
        case .up: return "Scrolled up"
        case .down: return "Scrolled down"
        case .enter: return "Entered copy mode"
        default: return "Exited copy mode"
        }
    }
}
