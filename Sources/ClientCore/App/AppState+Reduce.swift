// `reduce`: the one place the client state changes. Events are facts; the returned effects are
// commands for the runtime. After every event the set of visible tiles is recomputed and the
// difference becomes watch/unwatch effects, so streams exist exactly for visible tiles.

import Foundation

/// Applies `event` to `state` and returns the effects to run.
public func reduce(_ state: inout AppState, _ event: AppEvent) -> [AppEffect] {
    state.reduce(event)
}

extension AppState {
    /// Applies `event` and returns the effects to run.
    public mutating func reduce(_ event: AppEvent) -> [AppEffect] {
        var effects = apply(event)
        refreshLiveTickets()
        effects += syncWatches()
        return effects
    }

    private mutating func apply(_ event: AppEvent) -> [AppEffect] {
        switch event {
        case .key(let key): return handleKey(key)
        case .resized(let newSize): return resize(to: newSize)
        case .tick(let date): return tick(date)
        case .focusChanged(let value):
            focused = value
            return []
        case .serverLink(let name, let link):
            let heard = now
            updateServer(name) {
                $0.link = link
                if link == .online { $0.lastHeard = heard }
            }
            return []
        case .roundTrip(let name, let ms):
            updateServer(name) { $0.rttMilliseconds = ms }
            return []
        case .notificationReceived(let item): return receive(item)
        case .notificationsLoaded(let server, let items):
            mergeNotifications(server: server, items: items)
            return []
        case .actionFailed(let text):
            flash = text
            return []
        default: return applyData(event)
        }
    }

    private mutating func applyData(_ event: AppEvent) -> [AppEffect] {
        switch event {
        case .sessionsLoaded(let server, let list):
            sessions = sessions.filter { $0.key.server != server }
            for session in list { sessions[session.key] = session }
            let heard = now
            updateServer(server) { $0.lastHeard = heard }
            fixSelection()
        case .sessionUpdated(let session):
            sessions[session.key] = session
            fixSelection()
        case .sessionStatus(let key, let status):
            sessions[key]?.status = status
            sessions[key]?.updatedAt = now
            if status != .running { sessions[key]?.waiting = nil }
        case .sessionWaiting(let key, let waiting, let reason):
            return updateWaiting(key, waiting: waiting, reason: reason)
        case .sessionContext(let key, let percent):
            sessions[key]?.contextPercent = percent
            sessions[key]?.updatedAt = now
        case .projectsLoaded(let server, let list): return loadProjects(server: server, list: list)
        case .ticketsLoaded(let project, let list):
            guard board.project == project else { return [] }
            board.tickets = list
        case .ticketState(let server, let id, let column):
            guard board.project?.server == server else { return [] }
            for i in board.tickets.indices where board.tickets[i].id == id { board.tickets[i].state = column }
        case .ticketContent(let title, let markdown):
            overlay = .pager(title: title, lines: markdown.components(separatedBy: "\n"), offset: 0)
        default: break
        }
        return []
    }

    private mutating func tick(_ date: Date) -> [AppEffect] {
        now = date
        if let banner, banner.until <= now { dismissBanner() }
        triage.snoozedUntil = triage.snoozedUntil.filter { $0.value > now }
        return []
    }

    private mutating func resize(to newSize: GridSize) -> [AppEffect] {
        size = newSize
        if let key = attachedSession { return [.resizeRemote(key, attachSize)] }
        return []
    }

    /// Marks each board ticket with its running session (from the sessions' ticket ids), keeping
    /// a session the runtime supplied while that session is still live.
    mutating func refreshLiveTickets() {
        guard let server = board.project?.server, !board.tickets.isEmpty else { return }
        var live: [String: SessionKey] = [:]
        for session in orderedSessions where session.key.server == server && session.isLive {
            if let id = session.ticketID, live[id] == nil { live[id] = session.key }
        }
        for i in board.tickets.indices {
            let supplied = board.tickets[i].liveSession.flatMap { sessions[$0]?.isLive == false ? nil : $0 }
            board.tickets[i].liveSession = live[board.tickets[i].id] ?? supplied
        }
    }

    mutating func updateServer(_ name: String, _ change: (inout ServerStatus) -> Void) {
        guard let index = servers.firstIndex(where: { $0.name == name }) else { return }
        change(&servers[index])
    }

    private mutating func updateWaiting(_ key: SessionKey, waiting: Bool, reason: String) -> [AppEffect] {
        guard var session = sessions[key] else { return [] }
        session.waiting = waiting ? WaitingInfo(reason: reason, since: session.waiting?.since ?? now) : nil
        session.updatedAt = now
        sessions[key] = session
        _ = noteWaiting(key, waiting: waiting, reason: reason)
        guard waiting, ui.notifyMode == .bell || ui.notifyMode == .osc else { return [] }
        guard !focused || alertWhenFocused, attachedSession != key else { return [] }
        let body = "\(session.displayName): \(reason.replacingOccurrences(of: "_", with: " "))"
        return [.alertOuterTerminal(title: "claudepm", body: body, desktop: ui.notifyMode == .osc)]
    }

    private mutating func loadProjects(server: String, list: [AppProject]) -> [AppEffect] {
        let current = board.project
        board.projects = board.projects.filter { $0.server != server } + list
        board.projectIndex = current.flatMap { board.projects.firstIndex(of: $0) }
        if board.projectIndex == nil, !board.projects.isEmpty {
            board.projectIndex = 0
            if screen == .board, let project = board.project { return [.loadBoard(project)] }
        }
        return []
    }
}
