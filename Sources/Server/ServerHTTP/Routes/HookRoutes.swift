// /api/hooks: Claude Code hook events (always 200 {"received":true}; a body not sent as JSON is
// ignored, as upstream, with a warning saying so) and the hooks health.
import ClaudePMProtocol
import Hummingbird
import ServerCore

struct HookRoutes {
    let services: ServerServices

    func register(on router: Router<ServerRequestContext>) {
        router.post("/api/hooks/claude") { request, _ in
            let body: JSONBody
            var warning: String?
            do {
                body = try await JSONBody.read(request)
            } catch let refusal as JSONContentType.Refusal {
                (body, warning) = (JSONBody(fields: [:]), "Body ignored. \(refusal.message)")
            } catch {
                body = JSONBody(fields: [:])
            }
            if let event = Self.event(body) { warning = await services.handleHook(event) }
            return try HTTPResponses.encoded(HookResponse(warning: warning))
        }
        router.post("/api/hooks/session-start") { _, _ in
            try HTTPResponses.encoded(HookResponse())
        }
        router.get("/api/hooks/health") { _, _ in
            let watched = await services.sessions.liveIds().count
            return try HTTPResponses.encoded(HooksHealth(detectorRunning: true, watchedSessions: watched))
        }
    }

    static func event(_ body: JSONBody) -> HookEvent? { HookPayload.event(body.fields) }
}
