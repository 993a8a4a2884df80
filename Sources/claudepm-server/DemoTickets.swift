// The demo project's ticket folder: realistic tickets with several prefixes, spread over all four
// states.
import Foundation
import ServerCore

enum DemoTickets {
    static let tickets: [(file: String, title: String, state: String)] = [
        ("SHOP-101-checkout-rounding.md", "Checkout total rounds half-cents the wrong way", "in_progress"),
        ("SHOP-102-dark-mode.md", "Dark mode for the storefront", "in_progress"),
        ("SHOP-103-cart-service.md", "Split the cart service out of the monolith", "review"),
        ("SHOP-104-coupon-stacking.md", "Prevent stacking of exclusive coupons", "backlog"),
        ("SHOP-105-image-cdn.md", "Serve product images from the CDN", "done"),
        ("API-201-rate-limits.md", "Per-key rate limits on the public API", "backlog"),
        ("API-202-pagination.md", "Cursor pagination for /orders", "review"),
        ("API-203-webhooks-retry.md", "Retry failed webhooks with backoff", "done"),
        ("OPS-301-backups.md", "Nightly database backups to object storage", "backlog"),
        ("OPS-302-release-notes.md", "Release notes for 2.4", "in_progress"),
    ]

    static func write(into repo: URL) throws {
        let dir = repo.appendingPathComponent("docs/jira-tickets")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for t in tickets {
            let body =
                "# \(t.title)\n\n## Context\n\nDemo ticket for claudepm.\n\n## Acceptance\n\n- [ ] Done when tested\n"
            try body.write(to: dir.appendingPathComponent(t.file), atomically: true, encoding: .utf8)
        }
    }

    static func arrangeStates(services: ServerServices, projectId: String) throws {
        try services.tickets.sync(projectId: projectId)
        var query = TicketQuery()
        query.limit = 100
        query.sync = false
        for ticket in try services.tickets.list(projectId: projectId, query: query).items {
            guard let wanted = tickets.first(where: { $0.file.hasPrefix((ticket.externalId ?? "") + "-") })?.state,
                wanted != ticket.state
            else { continue }
            try services.tickets.transition(
                ticket.id, to: wanted, trigger: "manual", reason: "user_updated", force: true)
        }
    }
}
