// Ticket routes: list with filters, prefixes, sync, get with content, patch state, start, approve,
// reject, history, review history, and adhoc tickets.
import ClaudePMProtocol
import Hummingbird
import ServerCore

struct TicketRoutes {
    let services: ServerServices
    static let badTicket = "Invalid ticket ID"

    func register(on router: Router<ServerRequestContext>) {
        router.get("/api/projects/:id/tickets") { request, context in
            let id = try IDCheck.param(context, message: "Invalid project ID")
            let page = try await services.tickets.list(projectId: id, query: try TicketQueryParser.parse(request))
            return try HTTPResponses.encoded(Wire.page(page, Wire.ticket))
        }
        router.get("/api/projects/:id/tickets/prefixes") { _, context in
            let id = try IDCheck.param(context, message: "Invalid project ID")
            return try HTTPResponses.encoded(DataList(data: try await services.tickets.prefixes(projectId: id)))
        }
        router.post("/api/projects/:id/sync-tickets") { _, context in
            let id = try IDCheck.param(context, message: "Invalid project ID")
            let r = try await services.tickets.sync(projectId: id)
            return try HTTPResponses.encoded(
                SyncTicketsResponse(
                    result: SyncTicketsResult(
                        created: r.created, updated: r.updated, deleted: r.deleted, errors: r.errors)))
        }
        router.get("/api/tickets/:id") { _, context in
            let t = try await services.tickets.get(try IDCheck.param(context, message: Self.badTicket))
            return try HTTPResponses.encoded(
                TicketDetail(
                    ticket: Wire.ticket(t), content: try await services.tickets.content(t), projectId: t.projectId))
        }
        router.patch("/api/tickets/:id") { request, context in
            let id = try IDCheck.param(context, message: Self.badTicket)
            var body = try await JSONBody.read(request)
            let state = body.string("state", max: 20, required: false)
            if let state, !TicketStates.all.contains(state) { body.fail("state", "Invalid enum value") }
            try body.check()
            guard let state else { return try HTTPResponses.encoded(Wire.ticket(try await services.tickets.touch(id))) }
            let (_, t) = try await services.tickets.transition(
                id, to: state, trigger: "manual", reason: "user_updated", force: true)
            return try HTTPResponses.encoded(Wire.ticket(t))
        }
        registerActions(on: router)
        AdhocRoutes(services: services).register(on: router)
    }

    private func registerActions(on router: Router<ServerRequestContext>) {
        router.post("/api/tickets/:id/start") { _, context in
            let (ticket, s) = try await services.startTicket(try IDCheck.param(context, message: Self.badTicket))
            return try HTTPResponses.encoded(
                StartTicketResponse(ticket: Wire.ticket(ticket), session: Wire.startedSession(s)))
        }
        router.post("/api/tickets/:id/approve") { _, context in
            try HTTPResponses.encoded(
                Wire.transition(try await services.approveTicket(try IDCheck.param(context, message: Self.badTicket))))
        }
        router.post("/api/tickets/:id/reject") { request, context in
            let id = try IDCheck.param(context, message: Self.badTicket)
            var body = try await JSONBody.read(request)
            let feedback = body.string("feedback", max: 5000, required: true)
            if feedback?.isEmpty == true { body.fail("feedback", "Feedback is required") }
            try body.check()
            return try HTTPResponses.encoded(
                Wire.transition(try await services.rejectTicket(id, feedback: feedback ?? "")))
        }
        router.get("/api/tickets/:id/history") { _, context in
            let items = try await services.tickets.history(try IDCheck.param(context, message: Self.badTicket))
            return try HTTPResponses.encoded(DataList(data: items.map(Wire.history)))
        }
        router.get("/api/tickets/:id/review-history") { _, context in
            let id = try IDCheck.param(context, message: Self.badTicket)
            return try HTTPResponses.encoded(ReviewHistory(ticketId: id, results: []))
        }
    }
}
