// Adhoc tickets: POST /api/projects/:projectId/adhoc-tickets and GET/PUT ticket content.
import ClaudePMProtocol
import Foundation
import Hummingbird
import ServerCore

struct AdhocRoutes {
    let services: ServerServices

    func register(on router: Router<ServerRequestContext>) {
        router.post("/api/projects/:id/adhoc-tickets") { request, context in
            let id = try IDCheck.param(context, message: "Invalid project ID format")
            var body = try await JSONBody.read(request)
            let title = body.string("title", min: 3, max: 100, required: true)
            let slug = body.string("slug", min: 3, max: 50, required: true)
            let explore = body.bool("isExplore") ?? false
            if let slug, !Self.isSlug(slug) {
                body.fail("slug", "Slug must be lowercase alphanumeric with hyphens")
            }
            try body.check()
            let t = try await services.tickets.createAdhoc(
                projectId: id, title: title ?? "", slug: slug ?? "", isExplore: explore)
            return try HTTPResponses.encoded(Wire.adhocTicket(t), status: .created)
        }
        registerEdits(on: router)
        router.get("/api/tickets/:id/content") { _, context in
            let t = try await services.tickets.get(try IDCheck.param(context, message: "Invalid ticket ID format"))
            return try HTTPResponses.encoded(
                TicketContent(ticketId: t.id, filePath: t.filePath, content: try await services.tickets.content(t)))
        }
    }

    func registerEdits(on router: Router<ServerRequestContext>) {
        router.put("/api/tickets/:id/content") { request, context in
            let id = try IDCheck.param(context, message: "Invalid ticket ID format")
            var body = try await JSONBody.read(request)
            let content = body.string("content", max: 100_000, required: true)
            try body.check()
            let t = try await services.tickets.writeContent(id, content: content ?? "")
            return try HTTPResponses.encoded(
                TicketContent(ticketId: t.id, filePath: t.filePath, content: content ?? ""))
        }
        router.post("/api/tickets/:id/sync") { _, context in
            let t = try await services.tickets.syncOne(try IDCheck.param(context, message: "Invalid ticket ID"))
            return try HTTPResponses.encoded(Wire.ticket(t))
        }
        router.delete("/api/tickets/:id") { _, context in
            try await services.tickets.delete(try IDCheck.param(context, message: "Invalid ticket ID format"))
            return try HTTPResponses.message("Ticket deleted successfully")
        }
    }

    static func isSlug(_ s: String) -> Bool {
        let parts = s.split(separator: "-", omittingEmptySubsequences: false)
        return parts.allSatisfy { p in !p.isEmpty && p.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber) } }
    }
}
