// Ticket routes: list with filters, prefixes, sync, get with content, patch state, start, approve,
// reject, history, review history, and adhoc tickets.
import Hummingbird
import ServerCore

struct TicketRoutes {
    let services: ServerServices
    static let badTicket = "Invalid ticket ID"

    func register(on router: Router<ServerRequestContext>) {
        router.get("/api/projects/:id/tickets") { request, context in
            let id = try IDCheck.param(context, message: "Invalid project ID")
            let page = try services.tickets.list(projectId: id, query: try TicketQueryParser.parse(request))
            return HTTPResponses.json(
                .object([
                    ("data", .array(page.items.map { .object(Wire.ticket($0)) })),
                    ("pagination", Wire.pagination(page)),
                ]))
        }
        router.get("/api/projects/:id/tickets/prefixes") { _, context in
            let id = try IDCheck.param(context, message: "Invalid project ID")
            return HTTPResponses.json(
                .object([("data", .array(try services.tickets.prefixes(projectId: id).map { .string($0) }))]))
        }
        router.post("/api/projects/:id/sync-tickets") { _, context in
            let id = try IDCheck.param(context, message: "Invalid project ID")
            let r = try services.tickets.sync(projectId: id)
            let result: WireJSON = .object([
                ("created", .int(r.created)), ("updated", .int(r.updated)), ("deleted", .int(r.deleted)),
                ("errors", .array(r.errors.map { .string($0) })),
            ])
            return HTTPResponses.json(.object([("message", .string("Sync completed")), ("result", result)]))
        }
        router.get("/api/tickets/:id") { _, context in
            let t = try services.tickets.get(try IDCheck.param(context, message: Self.badTicket))
            let detail =
                Wire.ticket(t) + [
                    ("content", .string(try services.tickets.content(t))), ("project_id", .string(t.projectId)),
                ]
            return HTTPResponses.json(.object(detail))
        }
        router.patch("/api/tickets/:id") { request, context in
            let id = try IDCheck.param(context, message: Self.badTicket)
            var body = try await JSONBody.read(request)
            let state = body.string("state", max: 20, required: false)
            if let state, !TicketStates.all.contains(state) { body.fail("state", "Invalid enum value") }
            try body.check()
            guard let state else { return HTTPResponses.json(.object(Wire.ticket(try services.tickets.touch(id)))) }
            let (_, t) = try services.tickets.transition(
                id, to: state, trigger: "manual", reason: "user_updated", force: true)
            return HTTPResponses.json(.object(Wire.ticket(t)))
        }
        registerActions(on: router)
        AdhocRoutes(services: services).register(on: router)
    }

    private func registerActions(on router: Router<ServerRequestContext>) {
        router.post("/api/tickets/:id/start") { _, context in
            let (ticket, s) = try await services.startTicket(try IDCheck.param(context, message: Self.badTicket))
            let session: WireJSON = .object([
                ("id", .string(s.id)), ("project_id", .string(s.projectId)), ("ticket_id", .string(s.ticketId)),
                ("type", .string(s.type)), ("status", .string(s.status)), ("pane_id", .string(s.paneId)),
                ("started_at", .date(s.startedAt)), ("created_at", .date(s.createdAt)),
            ])
            return HTTPResponses.json(.object([("ticket", .object(Wire.ticket(ticket))), ("session", session)]))
        }
        router.post("/api/tickets/:id/approve") { _, context in
            HTTPResponses.json(
                Wire.transition(try await services.approveTicket(try IDCheck.param(context, message: Self.badTicket))))
        }
        router.post("/api/tickets/:id/reject") { request, context in
            let id = try IDCheck.param(context, message: Self.badTicket)
            var body = try await JSONBody.read(request)
            let feedback = body.string("feedback", max: 5000, required: true)
            if feedback?.isEmpty == true { body.fail("feedback", "Feedback is required") }
            try body.check()
            return HTTPResponses.json(Wire.transition(try await services.rejectTicket(id, feedback: feedback ?? "")))
        }
        router.get("/api/tickets/:id/history") { _, context in
            let items = try services.tickets.history(try IDCheck.param(context, message: Self.badTicket))
            return HTTPResponses.json(.object([("data", .array(items.map(Wire.history)))]))
        }
        router.get("/api/tickets/:id/review-history") { _, context in
            let id = try IDCheck.param(context, message: Self.badTicket)
            return HTTPResponses.json(.object([("ticketId", .string(id)), ("results", .array([]))]))
        }
    }
}
