// /api/projects: list, get (with ticket counts and active session), create, patch, delete.
import Hummingbird
import ServerCore

struct ProjectRoutes {
    let services: ServerServices

    func register(on router: Router<ServerRequestContext>) {
        router.get("/api/projects") { request, _ in try await list(request) }
        router.get("/api/projects/:id") { _, context in
            let id = try IDCheck.param(context, message: "Invalid project ID")
            return try HTTPResponses.encoded(Wire.projectDetail(try await services.projects.detail(id)))
        }
        router.post("/api/projects") { request, _ in
            let input = try await Self.input(request, creating: true)
            let project = try await services.projects.create(input)
            return try HTTPResponses.encoded(Wire.project(project), status: .created)
        }
        router.patch("/api/projects/:id") { request, context in
            let id = try IDCheck.param(context, message: "Invalid project ID")
            let input = try await Self.input(request, creating: false)
            return try HTTPResponses.encoded(Wire.project(try await services.projects.update(id, input)))
        }
        router.delete("/api/projects/:id") { _, context in
            let id = try IDCheck.param(context, message: "Invalid project ID")
            try await services.projects.delete(id)
            return Response(status: .noContent)
        }
    }

    private func list(_ request: Request) async throws -> Response {
        var q = Query(request)
        let page = q.int("page", 1...Int.max, default: 1) ?? 1
        let limit = q.int("limit", 1...100, default: 20) ?? 20
        try q.check()
        let result = try await services.projects.list(page: page, limit: limit)
        return try HTTPResponses.encoded(Wire.page(result, Wire.project))
    }

    static func input(_ request: Request, creating: Bool) async throws -> ProjectInput {
        var body = try await JSONBody.read(request)
        var input = ProjectInput()
        input.name = body.string("name", min: 1, max: 255, required: creating)
        input.repoPath = body.string("repo_path", min: 1, max: 500, required: creating)
        input.tmuxSession = body.string("tmux_session", min: 1, max: 255, required: creating)
        if body.isNull("tmux_window") {
            input.tmuxWindow = .some(nil)
        } else if let w = body.string("tmux_window", max: 255, required: false) {
            input.tmuxWindow = .some(w)
        }
        input.ticketsPath = body.string("tickets_path", max: 500, required: false)
        input.handoffPath = body.string("handoff_path", max: 500, required: false)
        try body.check()
        if let t = input.ticketsPath, !TicketPaths.isConfined(t) {
            throw ServerError.validation(["tickets_path": ["Path must be relative and stay inside the repository"]])
        }
        return input
    }
}

/// Static checks of repository-relative paths (the store re-checks symlinks on use).
enum TicketPaths {
    static func isConfined(_ path: String) -> Bool {
        !path.hasPrefix("/") && !path.split(separator: "/").contains("..") && !path.contains("\0")
    }
}
