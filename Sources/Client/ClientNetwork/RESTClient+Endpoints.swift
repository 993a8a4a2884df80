// Typed REST endpoints used by the UI and the CLI, decoded with ClaudePMProtocol's types. Paths,
// query names and bodies follow docs/claude-pm-protocol.md §2 (snake_case session queries,
// camelCase ticket-list queries, `{"input"}` for session input).

import ClaudePMProtocol
import Foundation

/// Filters for a ticket list (`GET /api/projects/:id/tickets`).
public struct TicketQuery: Sendable, Equatable {
    /// 1-based page.
    public var page: Int = 1
    /// Page size, 1–100.
    public var limit: Int = 100
    /// Only tickets in this state.
    public var state: TicketState?
    /// Only tickets with these prefixes (`CSM`, `ADHOC`).
    public var prefixes: [String] = []
    /// Rescan the ticket files first (the server default is true).
    public var sync: Bool?

    /// Creates a query.
    public init(page: Int = 1, limit: Int = 100, state: TicketState? = nil, prefixes: [String] = [], sync: Bool? = nil)
    {
        self.page = page
        self.limit = limit
        self.state = state
        self.prefixes = prefixes
        self.sync = sync
    }

    var items: [(String, String)] {
        var items = [("page", String(page)), ("limit", String(limit))]
        if let state { items.append(("state", state.rawValue)) }
        if !prefixes.isEmpty { items.append(("prefixes", prefixes.joined(separator: ","))) }
        if let sync { items.append(("sync", sync ? "true" : "false")) }
        return items
    }
}

extension RESTClient {
    /// `GET /api/health` (never needs a key).
    public func health() async throws(ClientNetworkError) -> Health {
        try await decode(Health.self, "GET", "/api/health", resource: "health")
    }

    /// `GET /api/sessions`, optionally for one project. Records that do not decode are left out
    /// (`sessionList` says which).
    public func sessions(projectId: String? = nil) async throws(ClientNetworkError) -> [Session] {
        try await sessionList(projectId: projectId).items
    }

    /// `GET /api/sessions`: the sessions that decode, and why the others did not. One bad record
    /// never costs the whole list.
    public func sessionList(projectId: String? = nil) async throws(ClientNetworkError) -> LossyList<Session> {
        let query = projectId.map { [("project_id", $0)] } ?? []
        return try await decode(LossyList<Session>.self, "GET", "/api/sessions", query: query, resource: "sessions")
    }

    /// `GET /api/sessions/:id`.
    public func session(_ id: String) async throws(ClientNetworkError) -> Session {
        try await decode(Session.self, "GET", "/api/sessions/\(id)", resource: "session \(id)")
    }

    /// Every project (all pages). Records that do not decode are left out (`projectList` says which).
    public func projects() async throws(ClientNetworkError) -> [Project] {
        try await projectList().items
    }

    /// Every project (all pages), and why the records left out did not decode.
    public func projectList() async throws(ClientNetworkError) -> LossyList<Project> {
        var all = LossyList<Project>(items: [])
        var page = 1
        while true {
            let query = [("page", String(page)), ("limit", "100")]
            let answer = try await decode(
                LossyPage<Project>.self, "GET", "/api/projects", query: query, resource: "projects")
            all.items += answer.data.items
            all.skipped += answer.data.skipped
            let pages = answer.pagination?.totalPages ?? page
            if page >= pages || (answer.data.items.isEmpty && answer.data.skipped.isEmpty) { return all }
            page += 1
        }
    }

    /// One page of a project's tickets, read record by record.
    public func tickets(
        projectId: String, query: TicketQuery = TicketQuery()
    ) async throws(ClientNetworkError)
        -> LossyPage<Ticket>
    {
        try await decode(
            LossyPage<Ticket>.self, "GET", "/api/projects/\(projectId)/tickets", query: query.items,
            resource: "project \(projectId)")
    }

    /// Every ticket of a project matching `query` (all pages from `query.page`). Records that do
    /// not decode are left out (`ticketList` says which).
    public func allTickets(
        projectId: String, query: TicketQuery = TicketQuery()
    ) async throws(ClientNetworkError)
        -> [Ticket]
    {
        try await ticketList(projectId: projectId, query: query).items
    }

    /// Every ticket of a project matching `query` (all pages from `query.page`), and why the
    /// records left out did not decode.
    public func ticketList(
        projectId: String, query: TicketQuery = TicketQuery()
    ) async throws(ClientNetworkError)
        -> LossyList<Ticket>
    {
        var query = query
        var all = LossyList<Ticket>(items: [])
        while true {
            let answer = try await tickets(projectId: projectId, query: query)
            all.items += answer.data.items
            all.skipped += answer.data.skipped
            let pages = answer.pagination?.totalPages ?? query.page
            if query.page >= pages || (answer.data.items.isEmpty && answer.data.skipped.isEmpty) { return all }
            query.page += 1
            query.sync = false
        }
    }

    /// `GET /api/tickets/:id` (with content).
    public func ticket(_ id: String) async throws(ClientNetworkError) -> TicketDetail {
        try await decode(TicketDetail.self, "GET", "/api/tickets/\(id)", resource: "ticket \(id)")
    }

    /// `POST /api/tickets/:id/approve`.
    public func approve(ticket id: String) async throws(ClientNetworkError) -> TransitionResult {
        try await decode(TransitionResult.self, "POST", "/api/tickets/\(id)/approve", resource: "ticket \(id)")
    }

    /// `POST /api/tickets/:id/reject` with feedback.
    public func reject(ticket id: String, feedback: String) async throws(ClientNetworkError) -> TransitionResult {
        let body = try encodeBody(["feedback": feedback])
        return try await decode(
            TransitionResult.self, "POST", "/api/tickets/\(id)/reject", body: body, resource: "ticket \(id)")
    }

    /// `POST /api/tickets/:id/start`.
    public func start(ticket id: String) async throws(ClientNetworkError) -> StartTicketResponse {
        try await decode(StartTicketResponse.self, "POST", "/api/tickets/\(id)/start", resource: "ticket \(id)")
    }

    /// `PATCH /api/tickets/:id {state}`: move a ticket to any state.
    public func move(ticket id: String, to state: TicketState) async throws(ClientNetworkError) -> Ticket {
        let body = try encodeBody(["state": state.rawValue])
        return try await decode(Ticket.self, "PATCH", "/api/tickets/\(id)", body: body, resource: "ticket \(id)")
    }

    /// `GET /api/notifications` (newest first, at most 50). Records that do not decode are left
    /// out (`notificationList` says which).
    public func notifications() async throws(ClientNetworkError) -> NotificationList {
        NotificationList(data: try await notificationList().items)
    }

    /// `GET /api/notifications`: the notifications that decode, and why the others did not.
    public func notificationList() async throws(ClientNetworkError) -> LossyList<NotificationItem> {
        try await decode(LossyPage<NotificationItem>.self, "GET", "/api/notifications", resource: "notifications")
            .data
    }

    /// `DELETE /api/notifications/:id`.
    public func dismissNotification(_ id: String) async throws(ClientNetworkError) {
        _ = try await perform("DELETE", "/api/notifications/\(id)", resource: "notification \(id)")
    }

    /// `DELETE /api/notifications`; returns how many were dismissed.
    public func dismissAllNotifications() async throws(ClientNetworkError) -> Int {
        try await decode(DismissAllResponse.self, "DELETE", "/api/notifications", resource: "notifications").dismissed
    }

    /// `POST /api/sessions/:id/input`: types `text` and presses Enter. With `prompt` (claudepm's
    /// extension, ignored upstream) claudepm-server types it only for the first request naming
    /// that prompt and answers a repeat 409; with `waitingSince` (the server's time of the wait)
    /// it answers 410 when that wait ended or a later one began.
    public func sendInput(
        session id: String, text: String, prompt: String? = nil, waitingSince: Date? = nil
    ) async throws(ClientNetworkError) {
        var fields = ["input": text]
        Self.name(prompt, waitingSince, in: &fields)
        let body = try encodeBody(fields)
        _ = try await perform("POST", "/api/sessions/\(id)/input", body: body, resource: "session \(id)")
    }

    /// `POST /api/sessions/:id/keys`: tmux key names separated by spaces (e.g. `C-c`, `Escape`);
    /// `prompt` and `waitingSince` as for `sendInput`.
    public func sendKeys(
        session id: String, keys: String, prompt: String? = nil, waitingSince: Date? = nil
    ) async throws(ClientNetworkError) {
        var fields = ["keys": keys]
        Self.name(prompt, waitingSince, in: &fields)
        let body = try encodeBody(fields)
        _ = try await perform("POST", "/api/sessions/\(id)/keys", body: body, resource: "session \(id)")
    }

    /// Adds an answer's `prompt` and, with it, `waiting_since` to a request's fields.
    private static func name(_ prompt: String?, _ waitingSince: Date?, in fields: inout [String: String]) {
        guard let prompt else { return }
        fields["prompt"] = prompt
        if let waitingSince { fields["waiting_since"] = ISOTimestamp.format(waitingSince) }
    }

    /// `POST /api/sessions/:id/stop`.
    public func stop(session id: String, force: Bool = false) async throws(ClientNetworkError) {
        let body = try encodeBody(["force": force])
        _ = try await perform("POST", "/api/sessions/\(id)/stop", body: body, resource: "session \(id)")
    }
}
