// The ticket state machine: valid transitions (or forced ones for PATCH), their side effects on
// started_at / completed_at / rejection_feedback, a history row, and a `ticket:state` broadcast.
import Foundation

extension TicketService {
    /// Moves ticket `id` to `to`; throws `badRequest` for an invalid non-forced transition.
    @discardableResult
    public func transition(
        _ id: String, to: String, trigger: String, reason: String, force: Bool, feedback: String? = nil
    ) async throws -> (TicketTransition, TicketRecord) {
        let now = clock.now()
        let historyId = UUID().uuidString.lowercased()
        let (from, ticket) = try await store.write { db -> (String, TicketRecord) in
            guard var t = try db.find(TicketRecord.self, id: id) else {
                throw ServerError.notFound("Ticket not found: \(id)")
            }
            let from = t.state
            if !force, !TicketStates.isValid(from: from, to: to) {
                throw ServerError.badRequest("Invalid transition: cannot move from '\(from)' to '\(to)'")
            }
            Self.applySideEffects(&t, from: from, to: to, feedback: feedback, now: now)
            try db.update(t)
            let h = TicketHistoryRecord(
                id: historyId, ticketId: id, fromState: from, toState: to, trigger: trigger, reason: reason,
                feedback: feedback, triggeredBy: nil, createdAt: now)
            try db.insert(h)
            return (from, t)
        }
        let transition = TicketTransition(
            ticketId: id, fromState: from, toState: to, trigger: trigger, reason: reason, feedback: feedback,
            triggeredBy: nil, historyId: historyId, at: now)
        bus.publish(.ticketState(transition))
        return (transition, ticket)
    }

    static func applySideEffects(_ t: inout TicketRecord, from: String, to: String, feedback: String?, now: Date) {
        t.state = to
        t.updatedAt = now
        if to == "in_progress", from == "backlog" { t.startedAt = now }
        if to == "done" { t.completedAt = now }
        if from == "done", to != "done" { t.completedAt = nil }
        if let feedback {
            t.rejectionFeedback =
                "[REVIEW FEEDBACK] The reviewer rejected your work with this feedback:\n\"\(feedback)\"\n"
                + "Please address this and continue working on the ticket."
        } else if !(from == "review" && to == "in_progress") {
            t.rejectionFeedback = nil
        }
    }

    /// Touches the row without a transition (PATCH without `state`).
    public func touch(_ id: String) async throws -> TicketRecord {
        var t = try await get(id)
        t.updatedAt = clock.now()
        let updated = t
        try await store.write { try $0.update(updated) }
        return updated
    }

    /// The running session of a ticket, if any.
    public func runningSession(ticketId: String) async throws -> SessionRecord? {
        try await store.read {
            try $0.first(
                SessionRecord.self, where: "ticket_id = ? AND status = 'running'", [.text(ticketId)],
                orderBy: "created_at DESC")
        }
    }
}
