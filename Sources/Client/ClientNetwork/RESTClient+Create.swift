// Endpoints that create things: projects and sessions.

import ClaudePMProtocol

extension RESTClient {
    /// `POST /api/projects` (201).
    public func createProject(_ request: CreateProjectRequest) async throws(ClientNetworkError) -> Project {
        let body = try encodeBody(request)
        return try await decode(Project.self, "POST", "/api/projects", body: body, resource: "project")
    }

    /// `POST /api/projects/:id/sessions` (201): starts a session in the project's tmux session.
    public func startSession(
        projectId: String, _ request: StartSessionRequest = StartSessionRequest()
    )
        async throws(ClientNetworkError) -> Session
    {
        let body = try encodeBody(request)
        return try await decode(
            Session.self, "POST", "/api/projects/\(projectId)/sessions", body: body, resource: "project \(projectId)")
    }
}
