// The session supervisor: starts and stops sessions as tmux panes, keeps the in-memory registry of
// live sessions, and publishes status changes. Polling and input live in extensions.
import Foundation

/// Owns the lifecycle of sessions (tmux panes) and their in-memory state.
public actor SessionSupervisor {
    let store: Store
    let panes: any PaneDriver
    let bus: EventBus
    let notifications: NotificationService
    let clock: ServerClock
    var config: ServerSettings
    var live: [String: LiveSession] = [:]
    var pollTask: Task<Void, Never>?
    /// When each waiting session began to wait (the `timestamp` of its `session:waiting`).
    var waitingSince: [String: Date] = [:]
    /// Prompts answered with a `prompt` id (`/keys`, `/input`): a repeat is refused.
    var answeredPrompts = AnsweredPrompts()
    let detector: WaitingDetector
    var detectorTask: Task<Void, Never>?
    /// True while tmux control mode pushes output and topology changes (PaneStreams).
    var pushedEvents = false

    /// A supervisor over the given services.
    public init(
        store: Store, panes: any PaneDriver, bus: EventBus, notifications: NotificationService, clock: ServerClock,
        config: ServerSettings
    ) {
        self.store = store
        self.panes = panes
        self.bus = bus
        self.notifications = notifications
        self.clock = clock
        self.config = config
        detector = WaitingDetector()
    }

    /// Sets the hook URL given to new panes (known once the server listens).
    public func setHookURL(_ url: String) { config.hookURL = url }

    /// True if the session is tracked in memory.
    public func isLive(_ id: String) -> Bool { live[id] != nil }

    /// The ids of tracked sessions.
    public func liveIds() -> [String] { Array(live.keys) }

    /// Starts a session in project `projectId`: a new pane running the project's command.
    public func start(projectId: String, input: StartSessionInput) async throws -> SessionRecord {
        let (project, ticket) = try await lookup(projectId: projectId, ticketId: input.ticketId)
        guard await panes.hasSession(project.tmuxSession) else {
            throw ServerError.internalError("tmux session '\(project.tmuxSession)' does not exist")
        }
        let id = UUID().uuidString.lowercased()
        let argv = command(for: project, ticket: ticket, prompt: input.initialPrompt)
        let paneId: String
        do {
            paneId = try await panes.createPane(
                session: project.tmuxSession, window: project.tmuxWindow, cwd: input.cwd ?? project.repoPath,
                argv: argv, env: environment(sessionId: id))
        } catch {
            throw ServerError.internalError("Failed to create tmux pane: \(error)")
        }
        let now = clock.now()
        let record = SessionRecord(
            id: id, projectId: project.id, ticketId: ticket?.id, type: ticket == nil ? "adhoc" : "ticket",
            status: "running", source: "api", contextPercent: 0, paneId: paneId, paneName: nil,
            claudeSessionId: nil, startedAt: now, endedAt: nil, createdAt: now, updatedAt: now, host: store.host)
        do {
            try await store.write { try $0.insert(record) }
        } catch {
            // Nothing records the pane: take it away again, so no window is left behind.
            try? await panes.killPane(paneId)
            throw error
        }
        live[id] = LiveSession(
            id: id, paneId: paneId, projectId: project.id, ticketId: ticket?.id, tmuxSession: project.tmuxSession)
        await detector.watch(id)
        await startWatching(id, paneId: paneId, session: project.tmuxSession)
        bus.publish(.sessionsChanged(sessionId: id))
        bus.publish(.sessionStatus(sessionId: id, previous: "running", new: "running", at: now))
        return record
    }

    /// Stops a running session: Ctrl-C and a grace period, or an immediate kill with `force`.
    public func stop(_ id: String, force: Bool) async throws {
        let record = try await SessionQueries(store: store).record(id)
        guard record.status == "running" else {
            throw ServerError.badRequest("Session \(id) is not running (current status: \(record.status))")
        }
        if record.hasRealPane {
            if !force { try? await panes.sendKeyNames(record.paneId, keys: ["C-c"]) }
            if !force { await waitForExit(record.paneId) }
            if await panes.isPaneAlive(record.paneId) { try? await panes.killPane(record.paneId) }
        }
        try await markEnded(id, status: "completed", publish: true)
    }

    /// Marks a session ended in the DB, drops it from memory and optionally publishes the change.
    func markEnded(_ id: String, status: String, publish: Bool) async throws {
        let now = clock.now()
        // The write is a suspension: a second end of the same session (its pane's death, seen
        // while `stop` ends it) may run beside this one. Whichever writes second finds the status
        // already set, changes nothing and publishes nothing.
        let previous = try await store.write { db -> String? in
            guard var s = try db.find(SessionRecord.self, id: id) else { return nil }
            let prev = s.status
            guard prev != status else { return prev }
            s.status = status
            s.endedAt = now
            s.updatedAt = now
            try db.update(s)
            return prev
        }
        if let paneId = live.removeValue(forKey: id)?.paneId {
            panes.paneStreams?.journalMark(pane: paneId, kind: "status", text: status)
            panes.paneStreams?.unwatch(pane: paneId)
        }
        waitingSince[id] = nil
        answeredPrompts.forget(session: id)
        let detector = detector
        Task { await detector.unwatch(id) }
        try? await notifications.clearWaiting(sessionId: id)
        if publish, let previous, previous != status {
            bus.publish(.sessionStatus(sessionId: id, previous: previous, new: status, at: now))
        }
    }

    private func waitForExit(_ paneId: String) async {
        let deadline = ContinuousClock.now + config.stopGracePeriod
        while ContinuousClock.now < deadline {
            if !(await panes.isPaneAlive(paneId)) { return }
            try? await Task.sleep(for: .milliseconds(100))
        }
    }

    private func lookup(projectId: String, ticketId: String?) async throws -> (ProjectRecord, TicketRecord?) {
        let host = store.host
        return try await store.read { db in
            guard let project = try db.find(ProjectRecord.self, id: projectId) else {
                throw ServerError.notFound("Project not found: \(projectId)")
            }
            guard project.host == host else {
                throw ServerError.conflict(
                    "Project '\(project.name)' lives on host \(project.host): start its sessions through that host's server"
                )
            }
            guard let ticketId, !ticketId.isEmpty else { return (project, nil) }
            guard let ticket = try db.find(TicketRecord.self, id: ticketId) else {
                throw ServerError.notFound("Ticket not found: \(ticketId)")
            }
            return (project, ticket)
        }
    }

    private func command(for project: ProjectRecord, ticket: TicketRecord?, prompt: String?) -> [String] {
        var argv = config.defaultCommand
        if let custom = project.command, !custom.isEmpty { argv = [custom] }
        if config.commandStyle == .demoAgent {
            if let ticket { argv += ["--ticket", ticket.externalId ?? "ADHOC", "--title", ticket.title] }
            if ticket == nil, let prompt, !prompt.isEmpty { argv += ["--title", prompt] }
            return argv
        }
        if let prompt, !prompt.isEmpty {
            argv.append(prompt)
        } else if let ticket {
            argv.append(
                "Work on ticket \(ticket.externalId ?? ticket.title): read \(ticket.filePath) and implement it.")
        }
        return argv
    }

    private func environment(sessionId: String) -> [String: String] {
        var env = config.paneEnvironment
        env["CLAUDEPM_SESSION_ID"] = sessionId
        if let url = config.hookURL { env["CLAUDEPM_HOOK_URL"] = url }
        return env
    }
}
