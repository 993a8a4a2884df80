// Golden tests for the project resources (§2.3).
import ClaudePMProtocol
import Foundation
import Testing

@Suite struct RESTProjectTests {
    static func shop(window: String?) -> Project {
        Project(
            id: ID.project, name: "shop", repoPath: "/home/dev/shop", tmuxSession: "shop", tmuxWindow: window,
            createdAt: at("2025-12-01T09:00:00.000Z"), updatedAt: at("2025-12-02T09:30:00.250Z"))
    }

    @Test func projectWritesNullWindow() throws {
        try Fixture.expectExact(Self.shop(window: nil), "rest/project.json")
        #expect(try JSONValue(encoding: Self.shop(window: nil))["tmux_window"] == .null)
    }

    @Test func projectListIsPaginated() throws {
        let page = Paginated(
            data: [Self.shop(window: "claude")], pagination: Pagination(page: 1, limit: 20, total: 1))
        try Fixture.expectExact(page, "rest/project-list.json")
    }

    @Test func projectDetailIsFlat() throws {
        let active = ActiveSession(
            id: ID.session, status: .running, contextPercent: 0, startedAt: at("2025-12-30T17:59:58.120Z"))
        let detail = ProjectDetail(
            project: Self.shop(window: nil),
            ticketCounts: TicketCounts(backlog: 4, inProgress: 1, review: 2, done: 7), activeSession: active)
        try Fixture.expectExact(detail, "rest/project-detail.json")
    }

    @Test func idleProjectDetailHasNullActiveSession() throws {
        let detail = ProjectDetail(project: Self.shop(window: "2"), ticketCounts: TicketCounts(), activeSession: nil)
        try Fixture.expectExact(detail, "rest/project-detail-idle.json")
        #expect(try JSONValue(encoding: detail)["active_session"] == .null)
    }

    @Test(arguments: [(0, 20, 0), (1, 20, 1), (20, 20, 1), (21, 20, 2), (250, 100, 3)])
    func paginationComputesTotalPages(total: Int, limit: Int, pages: Int) {
        #expect(Pagination(page: 1, limit: limit, total: total).totalPages == pages)
    }
}
