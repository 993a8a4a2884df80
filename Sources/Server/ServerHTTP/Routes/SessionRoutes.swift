// /api/sessions and POST /api/projects/:id/sessions: list, get, start, stop, input, keys, output,
// focus, rename. `/input` and `/keys` take claudepm's optional `prompt` and `waiting_since` (an
// answer names the prompt it answers; a repeat is refused with 409, an answer to a wait that
// ended or was followed by a newer one with 410, and neither types anything).
import ClaudePMProtocol
import Hummingbird
import Logging
import ServerCore

struct SessionRoutes {
    let services: ServerServices
    static let badId = "Invalid session ID format"

    func register(on router: Router<ServerRequestContext>) {
        router.get("/api/sessions") { request, _ in try await list(request) }
        router.get("/api/sessions/:id") { _, context in
            let id = try IDCheck.param(context, message: Self.badId)
            return try HTTPResponses.encoded(Wire.sessionView(try await services.sessions.view(id)))
        }
        router.post("/api/projects/:id/sessions") { request, context in try await start(request, context) }
        router.post("/api/sessions/:id/stop") { request, context in
            let id = try IDCheck.param(context, message: Self.badId)
            var body = try await JSONBody.read(request)
            let force = body.bool("force") ?? false
            try body.check()
            try await services.sessions.stop(id, force: force)
            return try HTTPResponses.message("Session stopped successfully")
        }
        router.post("/api/sessions/:id/input") { request, context in
            let id = try IDCheck.param(context, message: Self.badId)
            var body = try await JSONBody.read(request)
            let text = body.string("input", min: 1, max: 100_000, required: true, tooLong: "Input too long")
            let prompt = Self.promptClaim(&body)
            try body.check()
            try await answering(prompt, session: id, context) {
                try await services.sessions.sendInput(id, text: text ?? "", prompt: prompt)
            }
            return try HTTPResponses.message("Input sent successfully")
        }
        router.post("/api/sessions/:id/keys") { request, context in
            let id = try IDCheck.param(context, message: Self.badId)
            var body = try await JSONBody.read(request)
            let keys = body.string("keys", min: 1, max: 100, required: true, tooLong: "Keys string too long")
            let prompt = Self.promptClaim(&body)
            try body.check()
            try await answering(prompt, session: id, context) {
                try await services.sessions.sendKeyNames(id, keys: keys ?? "", prompt: prompt)
            }
            return try HTTPResponses.message("Keys sent via tmux")
        }
        registerViews(on: router)
    }

    /// The longest `prompt` id accepted (claudepm's extension on `/input` and `/keys`).
    static let promptLimit = 200

    /// The answer's `prompt` and `waiting_since` (claudepm's extension), nil without `prompt`.
    static func promptClaim(_ body: inout JSONBody) -> PromptClaim? {
        let prompt = body.string("prompt", min: 1, max: promptLimit, required: false)
        let since = body.string("waiting_since", min: 1, max: 64, required: false)
        let date = since.flatMap(ISOTime.parse)
        if since != nil, date == nil { body.fail("waiting_since", "Invalid datetime") }
        return prompt.map { PromptClaim(prompt: $0, waitingSince: date) }
    }

    /// Runs `send`; an answer naming its prompt is logged, typed or refused as a repeat (never
    /// with the typed text: only the session and the prompt id).
    private func answering(
        _ prompt: PromptClaim?, session: String, _ context: ServerRequestContext, _ send: () async throws -> Void
    ) async throws {
        guard let prompt else { return try await send() }
        let metadata: Logger.Metadata = ["session": "\(session)", "prompt": "\(prompt.prompt)"]
        do {
            try await send()
            context.logger.info("answer typed", metadata: metadata)
        } catch ServerError.conflict(let message) {
            context.logger.info("answer refused: the prompt was already answered", metadata: metadata)
            throw ServerError.conflict(message)
        } catch ServerError.gone(let message) {
            context.logger.info("answer refused: the prompt is no longer waiting", metadata: metadata)
            throw ServerError.gone(message)
        }
    }

    private func registerViews(on router: Router<ServerRequestContext>) {
        router.get("/api/sessions/:id/output") { request, context in
            let id = try IDCheck.param(context, message: Self.badId)
            var q = Query(request)
            let lines = q.int("lines", 1...10_000, default: 100) ?? 100
            try q.check()
            let output = try await services.sessions.output(id, lines: lines)
            return try HTTPResponses.encoded(OutputResponse(sessionId: id, lines: output, totalLines: output.count))
        }
        router.post("/api/sessions/sync") { request, _ in try await sync(request) }
        router.post("/api/sessions/:id/focus") { _, context in try await focus(context) }
        router.patch("/api/sessions/:id/rename") { request, context in
            let id = try IDCheck.param(context, message: Self.badId)
            var body = try await JSONBody.read(request)
            let name = body.string("name", min: 1, max: 100, required: true, tooLong: "Name too long")
            try body.check()
            try await services.sessions.rename(id, name: name ?? "")
            return try HTTPResponses.message("Session renamed to '\(name ?? "")'")
        }
    }

    private func list(_ request: Request) async throws -> Response {
        var q = Query(request)
        let projectId = q.filter("project_id")
        let status = q.params["status"] == [""] ? nil : q.oneOf("status", ["running", "paused", "completed", "error"])
        if let p = projectId, !IDCheck.isUUID(p) { q.issues["project_id", default: []].append("Invalid uuid") }
        try q.check()
        let views = try await services.sessions.list(projectId: projectId?.lowercased(), status: status)
        return try HTTPResponses.encoded(views.map(Wire.sessionView))
    }

    private func start(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let projectId = try IDCheck.param(context, message: "Invalid project ID format")
        var body = try await JSONBody.read(request)
        var input = StartSessionInput()
        input.initialPrompt = body.string("initial_prompt", min: 1, max: 10_000, required: false)
        input.cwd = body.string("cwd", max: 500, required: false)
        input.ticketId = body.string("ticket_id", max: 100, required: false)
        if let t = input.ticketId, !t.isEmpty, !IDCheck.isUUID(t) { body.fail("ticket_id", "Invalid uuid") }
        try body.check()
        input.ticketId = input.ticketId?.lowercased()
        let session = try await services.sessions.start(projectId: projectId, input: input)
        return try HTTPResponses.encoded(Wire.session(session), status: .created)
    }

    private func sync(_ request: Request) async throws -> Response {
        var q = Query(request)
        let projectId = q.filter("project_id")
        if let p = projectId, !IDCheck.isUUID(p) { q.issues["project_id", default: []].append("Invalid uuid") }
        try q.check()
        let r = try await services.sessions.syncSessions(projectId: projectId?.lowercased())
        return try HTTPResponses.encoded(
            SessionSyncResponse(
                message: "Synced \(r.totalChecked) sessions",
                orphanedSessions: r.orphaned.map { .init(sessionId: $0.0, paneId: $0.1) },
                aliveSessions: r.alive.map { .init(sessionId: $0.0, paneId: $0.1, paneTitle: $0.2) },
                totalChecked: r.totalChecked, orphanedCount: r.orphaned.count))
    }

    private func focus(_ context: ServerRequestContext) async throws -> Response {
        let id = try IDCheck.param(context, message: Self.badId)
        do {
            let pane = try await services.sessions.focus(id)
            return try HTTPResponses.encoded(FocusResponse(sessionId: id, paneId: pane))
        } catch ServerError.badRequest {
            return HTTPResponses.error(
                "Session has no tmux pane", detail: "Session may not have been started yet", status: .badRequest)
        }
    }
}
