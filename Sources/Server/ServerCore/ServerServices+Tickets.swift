// Ticket operations that span tickets and sessions: start, approve, reject.

extension ServerServices {
    /// Starts a session for the ticket (409 if one is running), moving backlog → in_progress.
    public func startTicket(_ id: String) async throws -> (TicketRecord, SessionRecord) {
        var ticket = try await tickets.get(id)
        if let running = try await tickets.runningSession(ticketId: id) {
            throw ServerError.conflict("Ticket already has a running session: \(running.id)")
        }
        if ticket.state == "backlog" {
            ticket = try await tickets.transition(
                id, to: "in_progress", trigger: "auto", reason: "session_started", force: false
            ).1
        }
        do {
            let session = try await sessions.start(projectId: ticket.projectId, input: StartSessionInput(ticketId: id))
            return (ticket, session)
        } catch ServerError.notFound(let m) {
            throw ServerError.notFound(m)
        } catch {
            throw ServerError.internalError("Internal server error")
        }
    }

    /// review → done; then stops the ticket's running session and clears its notifications.
    public func approveTicket(_ id: String) async throws -> TicketTransition {
        let (transition, _) = try await tickets.transition(
            id, to: "done", trigger: "manual", reason: "user_approved", force: false)
        if let running = try await tickets.runningSession(ticketId: id) {
            try? await sessions.stop(running.id, force: false)
        }
        try await notifications.clear(ticketId: id)
        return transition
    }

    /// → in_progress with feedback; types the feedback into the running session.
    public func rejectTicket(_ id: String, feedback: String) async throws -> TicketTransition {
        let (transition, _) = try await tickets.transition(
            id, to: "in_progress", trigger: "manual", reason: "user_rejected", force: false, feedback: feedback)
        if let running = try await tickets.runningSession(ticketId: id) {
            let text =
                "\n\nThe reviewer has requested changes:\n\n\(feedback)\n\n"
                + "Please address the feedback above and continue working on the ticket.\n"
            try? await sessions.sendInput(running.id, text: text)
        }
        try await notifications.clear(ticketId: id, type: "review_ready")
        return transition
    }
}
