// Read-only observing (`--read-only`, or `read_only = true` for a server): the UI watches, searches
// and triages that server's sessions but sends nothing that changes them — no keys, input,
// permission answers, ticket actions or notification deletions. Each action is refused where it
// starts, before it changes anything locally, with a flash saying so; `reduce` also drops any such
// request that gets through anyway, so a new path cannot send one by mistake.

extension NetworkEffect {
    /// What the request would change on its server, in a word for "read-only: <what> not sent";
    /// nil for a request that only reads.
    public var change: String? {
        switch self {
        case .sendInput: "input"
        case .answer: "answer"
        case .startTicketSession: "start"
        case .approveTicket: "approve"
        case .rejectTicket: "reject"
        case .moveTicket: "move"
        case .clearNotifications: "clear"
        case .deleteNotification: "delete"
        case .refreshSessions, .loadBoard, .loadTicketContent, .refetchNotifications, .loadJournal,
            .loadJournalScreen, .searchJournal:
            nil
        }
    }
}

extension AppAction {
    /// The ticket change a board action asks for, in a word as `NetworkEffect.change` says it;
    /// nil for an action that changes no ticket.
    var ticketChange: String? {
        switch self {
        case .startSession: "start"
        case .approve: "approve"
        case .reject: "reject"
        case .moveNext, .movePrevious: "move"
        default: nil
        }
    }
}

extension AppState {
    /// True when the UI only watches `server`.
    public func isReadOnly(_ server: String) -> Bool { readOnlyServers.contains(server) }

    /// True when every configured server is read-only (the header then says so once).
    public var isReadOnlyEverywhere: Bool {
        !servers.isEmpty && servers.allSatisfy { readOnlyServers.contains($0.name) }
    }

    /// True, with the flash "read-only: `what` not sent", when `server` is read-only.
    mutating func refuses(_ what: String, on server: String) -> Bool {
        guard isReadOnly(server) else { return false }
        flash = "read-only: \(what) not sent"
        return true
    }

    /// `effects` without the keys and requests that would change a read-only server, with a
    /// flash for what was dropped (`reduce` passes every event's effects through it).
    public mutating func droppingChanges(_ effects: [AppEffect]) -> [AppEffect] {
        guard !readOnlyServers.isEmpty else { return effects }
        return effects.filter { effect in
            switch effect {
            case .forwardKey(let key, _): !refuses("keys", on: key.server)
            case .fitRemote(let key, _): !refuses("resize", on: key.server)
            case .network(let request):
                request.change.map { !refuses($0, on: request.server) } ?? true
            default: true
            }
        }
    }

    /// Clears the notifications of every server that is not read-only; a read-only server's stay
    /// (deleting them there would change it).
    mutating func clearWritableNotifications() -> [AppEffect] {
        let listed = Set(notifications.items.map(\.key.server))
        let held = listed.filter(isReadOnly)
        guard !held.isEmpty else { return Self.effects(notifications.clearAll(now: clock)) }
        let cleared = listed.subtracting(held).sorted()
        let effects = cleared.flatMap { Self.effects(notifications.clearAll(server: $0, now: clock)) }
        let to = isReadOnlyEverywhere ? "" : " to " + held.sorted().joined(separator: ", ")
        flash = "read-only: clear not sent" + to
        return effects
    }
}
