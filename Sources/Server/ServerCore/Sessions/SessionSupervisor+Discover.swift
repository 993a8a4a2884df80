// `POST /api/sessions/discover`: scans the panes of each project's tmux session and adopts every
// live pane no running session owns as a `source: "discovered"` adhoc session, tracked (output,
// liveness) and watched for waiting states like the sessions the server started.
import Foundation

/// A pane adopted by discovery.
public struct DiscoveredPane: Sendable, Equatable {
    /// The new session.
    public var sessionId: String
    /// The project whose tmux session holds the pane.
    public var projectId: String
    /// That project's name.
    public var projectName: String
    /// The pane as tmux reported it.
    public var pane: PaneSummary
}

/// A scanned pane that a running session already owns.
public struct KnownPane: Sendable, Equatable {
    /// The running session that owns the pane.
    public var sessionId: String
    /// The pane as tmux reported it.
    public var pane: PaneSummary
}

/// The outcome of a discovery scan.
public struct DiscoverResult: Sendable, Equatable {
    /// Panes adopted as new sessions.
    public var discovered: [DiscoveredPane] = []
    /// Panes a running session already owned.
    public var existing: [KnownPane] = []
    /// Panes looked at, over every project checked.
    public var panesScanned = 0
    /// Projects whose tmux session was scanned.
    public var projectsChecked = 0
}

extension SessionSupervisor {
    /// Adopts the unknown live panes of every project's tmux session (or of one project).
    public func discover(projectId: String?) async throws -> DiscoverResult {
        let host = store.host
        let (projects, running) = try await store.read { db in
            // Only this host's projects: their tmux sessions are on this machine.
            var condition = "host = ?"
            var args: [SQLValue] = [.text(host)]
            if let projectId {
                condition += " AND id = ?"
                args.append(.text(projectId))
            }
            let order = "created_at, \(db.dialect.sequence)"
            let running = try db.all(SessionRecord.self, where: "host = ? AND status = 'running'", [.text(host)])
            return (try db.all(ProjectRecord.self, where: condition, args, orderBy: order), running)
        }
        var owner = Dictionary(running.map { ($0.paneId, $0.id) }) { first, _ in first }
        let allPanes = await panes.listPanes()
        var result = DiscoverResult(projectsChecked: projects.count)
        for project in projects {
            for pane in allPanes where pane.sessionName == project.tmuxSession {
                result.panesScanned += 1
                if let sessionId = owner[pane.paneId] {
                    result.existing.append(KnownPane(sessionId: sessionId, pane: pane))
                    continue
                }
                let sessionId = try await adopt(pane, projectId: project.id)
                owner[pane.paneId] = sessionId
                result.discovered.append(
                    DiscoveredPane(sessionId: sessionId, projectId: project.id, projectName: project.name, pane: pane))
            }
        }
        return result
    }

    private func adopt(_ pane: PaneSummary, projectId: String) async throws -> String {
        let id = UUID().uuidString.lowercased()
        let now = clock.now()
        let record = SessionRecord(
            id: id, projectId: projectId, ticketId: nil, type: "adhoc", status: "running", source: "discovered",
            contextPercent: 0, paneId: pane.paneId, paneName: nil, claudeSessionId: nil, startedAt: now, endedAt: nil,
            createdAt: now, updatedAt: now, host: store.host)
        try await store.write { try $0.insert(record) }
        live[id] = LiveSession(
            id: id, paneId: pane.paneId, projectId: projectId, ticketId: nil, tmuxSession: pane.sessionName)
        await detector.watch(id)
        await startWatching(id, paneId: pane.paneId, session: pane.sessionName)
        bus.publish(.sessionsChanged(sessionId: id))
        bus.publish(.sessionStatus(sessionId: id, previous: "running", new: "running", at: now))
        return id
    }
}
