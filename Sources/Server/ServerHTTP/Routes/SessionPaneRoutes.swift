// Session routes that act on tmux panes beyond one session's input: discovery of unknown panes
// (`POST /api/sessions/discover`) and copy-mode scrolling (`POST /api/sessions/:id/scroll`).
import ClaudePMProtocol
import Hummingbird
import ServerCore

struct SessionPaneRoutes {
    let services: ServerServices
    static let invalidAction = "Invalid action. Use: up, down, enter, exit"

    func register(on router: Router<ServerRequestContext>) {
        router.post("/api/sessions/discover") { request, _ in
            var q = Query(request)
            let projectId = q.filter("project_id")
            if let p = projectId, !IDCheck.isUUID(p) { q.issues["project_id", default: []].append("Invalid uuid") }
            try q.check()
            let result = try await services.sessions.discover(projectId: projectId?.lowercased())
            return try HTTPResponses.encoded(Wire.discover(result))
        }
        router.post("/api/sessions/:id/scroll") { request, context in
            let id = try IDCheck.param(context, message: SessionRoutes.badId)
            let body = try await JSONBody.read(request)
            guard case .string(let raw)? = body.fields["action"],
                let action = ScrollAction.knownCases.first(where: { $0.rawValue == raw })
            else { throw ServerError.badRequest(Self.invalidAction) }
            let message = try await services.sessions.scroll(id, action: action)
            return try HTTPResponses.encoded(MessageResponse(message: message))
        }
    }
}
