// Session views enriched with live pane facts (command, cwd) and the upstream list ordering.

extension SessionSupervisor {
    /// Sessions for the list endpoint: api first, then discovered `node` panes, then newest first.
    public func list(projectId: String?, status: String?) async throws -> [SessionView] {
        var views = try await SessionQueries(store: store).list(projectId: projectId, status: status)
        for i in views.indices { views[i] = await enrich(views[i]) }
        let rank: (SessionView) -> Int = { v in
            if v.session.source == "api" { return 0 }
            return v.paneCommand == "node" ? 1 : 2
        }
        return views.enumerated().sorted { a, b in
            let (ra, rb) = (rank(a.element), rank(b.element))
            return ra != rb ? ra < rb : a.offset < b.offset
        }.map(\.element)
    }

    /// One session for the get endpoint.
    public func view(_ id: String) async throws -> SessionView {
        await enrich(try SessionQueries(store: store).view(id))
    }

    private func enrich(_ view: SessionView) async -> SessionView {
        guard view.session.status == "running", view.session.hasRealPane,
            let pane = await panes.paneSummary(view.session.paneId)
        else { return view }
        var v = view
        v.paneCommand = pane.command
        v.paneCwd = pane.cwd
        return v
    }
}
