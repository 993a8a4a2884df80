// `reduce`: the one place the client state changes. Events are facts; the returned effects are
// commands for the runtime. After every event the set of visible tiles is recomputed and the
// difference becomes watch/unwatch effects, so streams exist exactly for visible tiles.

import ClaudePMProtocol
import Foundation

/// Applies `event` to `state` and returns the effects to run.
public func reduce(_ state: inout AppState, _ event: AppEvent) -> [AppEffect] {
    state.reduce(event)
}

extension AppState {
    /// Applies `event` and returns the effects to run.
    public mutating func reduce(_ event: AppEvent) -> [AppEffect] {
        notifications.configuration.bannersEnabled = ui.notifyMode != .off
        var effects = apply(event)
        if filter.isActive {
            filter.refresh(sessions)
            fixSelection()
        }
        refreshLiveTickets()
        effects += syncNotificationFocus()
        effects += syncWatches()
        if case .key = event { observeAnswerTargets(userMoved: true) } else { observeAnswerTargets(userMoved: false) }
        return droppingChanges(effects)
    }

    private mutating func apply(_ event: AppEvent) -> [AppEffect] {
        switch event {
        case .key(let key): return handleKey(key)
        case .resized(let newSize): return resize(to: newSize)
        case .tick(let date, let monotonic): return tick(date, monotonic)
        case .focusChanged(let value):
            focused = value
            focusReported = true
            return []
        case .serverLink(let name, let link): return serverLinkChanged(name, to: link)
        case .serverProblem(let name, let reason):
            updateServer(name) { $0.problem = reason }
            return []
        case .serverLate(let name, let contact):
            if contact != nil { answersInDoubt(server: name, reason: "the link to \(name) is in doubt") }
            updateServer(name) { $0.lastContact = contact }
            return []
        case .roundTrip(let name, let ms):
            updateServer(name) { $0.rttMilliseconds = ms }
            return []
        case .serverStreams(let name, let paneStreams):
            updateServer(name) { $0.paneStreams = paneStreams }
            return []
        case .pictureChanged(let key, let at):
            if pictured.contains(key) { pictureChanged[key] = at }
            return []
        case .serverClock(let name, let offset):
            moveServerTimes(name, by: notifications.setClockOffset(offset, server: name))
            return []
        case .message(let server, let message, let receivedAt):
            return receive(message, server: server, receivedAt: receivedAt)
        case .notificationsLoaded(let server, let items, let resync):
            return loadNotifications(server: server, items: items, resync: resync)
        case .actionFailed(let text):
            flash = text
            return []
        case .recordsSkipped(let server, let records):
            flash = Self.skippedText(server: server, records)
            return []
        case .findResults(let results):
            findResultsArrived(results)
            return []
        case .journalLoaded(let key, let summary): return rewindLoaded(key, summary)
        case .journalScreenLoaded(let key, let asked, let screen): return rewindScreenArrived(key, asked, screen)
        case .journalFailed(let key, let problem): return rewindFailed(key, problem)
        case .journalSearched(let key, let result): return rewindSearched(key, result)
        case .lookedLoaded(let last):
            looked.merge(last)
            return []
        case .ticketActionEnded(let target, let failure):
            endTicketAction(target, failure: failure)
            return []
        case .resumed: return resync()
        case .streamStatus, .streamLate, .streamPending, .streamNotice, .streamLostInput, .streamPaneSize:
            applyStream(event)
            return []
        case .answerEnded(let answer, let outcome):
            answerEnded(answer, outcome)
            return []
        case .sessionsLoaded(let server, let list, let requestedAt):
            loadSessions(server: server, list: keepingLiveStatus(list, server: server, requestedAt: requestedAt))
            return []
        case .sessionUpdated(let session):
            sessions[session.key] = session
            syncTriage(session)
            fixSelection()
            return []
        case .projectsLoaded(let server, let list): return loadProjects(server: server, list: list)
        case .ticketsLoaded(let project, let list, let requestedAt):
            guard board.project == project else { return [] }
            board.tickets = keepingLiveState(list, server: project.server, requestedAt: requestedAt)
            board.liveRevision = nil
            return []
        case .ticketState(let server, let id, let column):
            moveTicket(server: server, id: id, to: column)
            return []
        case .ticketContent(let title, let markdown):
            overlay = .pager(title: title, lines: markdown.components(separatedBy: "\n"), offset: 0)
            return []
        case .showPager(let title, let lines):
            overlay = .pager(title: title, lines: lines, offset: 0)
            return []
        }
    }

    /// `name`'s link changed: its facts are the new link's (round trip, push), answers on their way
    /// over a lost link are in doubt, and a link that comes back refetches and reopens its tiles.
    private mutating func serverLinkChanged(_ name: String, to link: ServerLink) -> [AppEffect] {
        if link == .online { nextSessionRefresh = clock + .seconds(max(ui.sessionRefreshSeconds, 1)) }
        let heard = now
        let comesBack = link == .online && server(name).map { $0.link != .online && $0.timesOnline > 0 } == true
        if link != .online { answersInDoubt(server: name, reason: "the link to \(name) was lost") }
        let listChanged = link == .online && server(name)?.listChangedBeforeOnline == true
        updateServer(name) {
            $0.link = link
            $0.lastContact = nil
            $0.listChangedBeforeOnline = false
            // A new link says again whether it pushes session-list changes.
            if link != .online { $0.pushesSessions = false }
            // The round trip shown is the link's: a new link measures its own (first pong).
            if link != .online { $0.rttMilliseconds = nil }
            if link == .online {
                $0.lastHeard = heard
                $0.timesOnline += 1
                $0.problem = nil
            }
        }
        let refresh: [AppEffect] = listChanged ? [.network(.refreshSessions(server: name))] : []
        // The attached session keeps its stream; one waiting to reconnect tries now.
        let attached = attachedSession.flatMap {
            $0.server == name && link == .online ? AppEffect.retryStream($0) : nil
        }
        return refresh + (comesBack ? reopenTiles(of: name) : []) + (attached.map { [$0] } ?? [])
    }

    private mutating func tick(_ date: Date, _ monotonic: MonotonicTime) -> [AppEffect] {
        now = date
        clock = max(clock, monotonic)
        var effects = refreshSessionsIfDue()
        if let due = notifications.nextTick, due <= clock { effects += Self.effects(notifications.tick(now: clock)) }
        return effects
    }

    /// After a suspension: the session lists and notifications of every online server again (a
    /// server that went away meanwhile is found by its link), and the refresh period restarts.
    private mutating func resync() -> [AppEffect] {
        nextSessionRefresh = clock + .seconds(max(ui.sessionRefreshSeconds, 1))
        return servers.filter { $0.link == .online }.flatMap { server -> [AppEffect] in
            [.network(.refreshSessions(server: server.name)), .network(.refetchNotifications(server: server.name))]
        }
    }

    /// Fetches the session lists of the online servers that do not push list changes when the
    /// refresh period has passed (a (re)connect fetches them anyway: it starts the period again).
    private mutating func refreshSessionsIfDue() -> [AppEffect] {
        let period = Duration.seconds(max(ui.sessionRefreshSeconds, 1))
        guard let due = nextSessionRefresh else {
            nextSessionRefresh = clock + period
            return []
        }
        guard due <= clock else { return [] }
        nextSessionRefresh = clock + period
        return servers.filter { $0.link == .online && !$0.pushesSessions }
            .map { .network(.refreshSessions(server: $0.name)) }
    }

    /// The monotonic time at which the model must be ticked even if nothing else happens (a banner
    /// expires, a queued banner may show, a snooze ends, the session lists are due, a banner's
    /// y/n hint appears), if any.
    public var nextTimer: MonotonicTime? {
        [notifications.nextTick, triage.queue.nextWakeUp(now: clock), nextSessionRefresh, answerGraceEnd]
            .compactMap { $0 }.min()
    }

    /// Replaces `server`'s sessions. The list says nothing about waiting, so a session that is
    /// still running keeps what `session:waiting` told; ended or vanished ones leave triage.
    private mutating func loadSessions(server: String, list: [AppSession]) {
        let previous = sessions
        var merged: [AppSession] = []
        merged.reserveCapacity(list.count)
        let offset = notifications.clockOffsets[server] ?? 0
        for var session in list {
            session.updatedAt = session.updatedAt.addingTimeInterval(-offset)
            if session.waiting == nil, session.isLive { session.waiting = previous[session.key]?.waiting }
            if session.projectName.isEmpty { session.projectName = previous[session.key]?.projectName ?? "" }
            merged.append(session)
        }
        sessions.replace(server: server, with: merged)
        for session in merged { syncTriage(session) }
        for key in previous.keys where key.server == server && sessions[key]?.isLive != true {
            triage.queue.remove(key)
        }
        let heard = now
        updateServer(server) { $0.lastHeard = heard }
        fixSelection()
    }

    /// Puts a session that arrived with its waiting state into (or out of) the triage queue.
    private mutating func syncTriage(_ session: AppSession) {
        guard let waiting = session.waiting, session.isLive else {
            triage.queue.remove(session.key)
            return
        }
        triage.queue.update(
            session.key, waiting: true, reason: WaitingReason(rawValue: waiting.reason), since: waiting.since)
    }

    mutating func moveTicket(server: String, id: String, to column: BoardColumn) {
        guard board.project?.server == server else { return }
        for i in board.tickets.indices where board.tickets[i].id == id { board.tickets[i].state = column }
    }

    private mutating func resize(to newSize: GridSize) -> [AppEffect] {
        size = newSize
        if let key = attachedSession { return [.resizeRemote(key, attachSize)] }
        return []
    }

    /// Marks each board ticket with its running session (from the sessions' ticket ids), keeping
    /// a session the runtime supplied while that session is still live. Only sessions with a
    /// ticket are looked at, and only after the sessions or the tickets changed: this runs after
    /// every event, and a pass over 10,000 sessions per event starved the keys (issue 14).
    mutating func refreshLiveTickets() {
        guard let server = board.project?.server, !board.tickets.isEmpty,
            board.liveRevision != sessions.revision
        else { return }
        board.liveRevision = sessions.revision
        var live: [String: SessionKey] = [:]
        for key in sessions.ticketed where key.server == server {
            guard let session = sessions[key], session.isLive, let id = session.ticketID else { continue }
            if let other = live[id], sessions.precedes(other, key) { continue }
            live[id] = key
        }
        for i in board.tickets.indices {
            let supplied = board.tickets[i].liveSession.flatMap { sessions[$0]?.isLive == false ? nil : $0 }
            board.tickets[i].liveSession = live[board.tickets[i].id] ?? supplied
        }
    }

    /// Reopens the tile streams of a server whose link came back: tiles send no heartbeat of
    /// their own (the server link's speaks for them), so a tile socket left half-open by the
    /// outage is replaced rather than trusted.
    private func reopenTiles(of server: String) -> [AppEffect] {
        watched.filter { $0.server == server && $0 != attachedSession }.sorted().flatMap {
            [AppEffect.unwatch($0), .watch($0, ui.tileSize)]
        }
    }

    mutating func updateServer(_ name: String, _ change: (inout ServerStatus) -> Void) {
        guard let index = servers.firstIndex(where: { $0.name == name }) else { return }
        change(&servers[index])
    }

    private mutating func loadProjects(server: String, list: [AppProject]) -> [AppEffect] {
        let current = board.project
        board.projects = board.projects.filter { $0.server != server } + list
        board.projectIndex = current.flatMap { board.projects.firstIndex(of: $0) }
        if board.projectIndex == nil, !board.projects.isEmpty {
            board.projectIndex = 0
            if page == .board, let project = board.project { return [.network(.loadBoard(project))] }
        }
        return []
    }
}

extension AppState {
    /// The status line's words for records a server sent that were left out: how many, and the
    /// first one (`local: skipped 2 records it could not read: session #1 (5eed0001): bad status; +1
    /// more in the log`).
    static func skippedText(server: String, _ records: [String]) -> String? {
        guard let first = records.first else { return nil }
        let count = records.count == 1 ? "a record" : "\(records.count) records"
        let more = records.count > 1 ? "; +\(records.count - 1) more in the log" : ""
        return "\(server): skipped \(count) it could not read: \(first)\(more)"
    }
}
