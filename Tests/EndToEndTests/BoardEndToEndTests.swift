// The ticket board end to end: it shows the demo's tickets in their columns, and approve (`a`)
// and reject (`x` + feedback) move review cards, as the screen and the server's REST state agree;
// approve asks first (`y` confirms).
import ClaudePMProtocol
import Foundation
import Testing

extension UIEndToEndTests {
    @Test("the board shows the demo tickets; approve and reject move review cards (screen and REST)")
    func boardApproveReject() async throws {
        try await UIWorld.with { world in
            try #require(await world.waitForSessions().ok)
            let tickets = try await world.rest.allTickets(projectId: try #require(world.rest.projects().first).id)
            let review = tickets.filter { $0.state == .review }.compactMap(\.externalId).sorted()
            try #require(review.count >= 2, "the demo needs two review tickets")
            let board = try await world.tmux.press("g", "b", timeout: 30) { screen in
                let columns = BoardColumns(screen)
                return tickets.allSatisfy { ticket in
                    guard let key = ticket.externalId else { return true }
                    return columns.column(of: key) == Self.columnName(ticket.state)
                }
            }
            #expect(board.ok, "the board does not show every demo ticket in its column:\n\(board.screen)")
            try await world.selectCard(in: review)
            let asked = try await world.tmux.press("a") { $0.contains("Approve ") && $0.contains("y = yes") }
            try #require(asked.ok, "a did not ask for confirmation:\n\(asked.screen)")
            try await world.tmux.send(keys: "y")
            let approved = try await world.waitForTicket(among: review, toBe: .done, column: "Done")
            #expect(approved != nil, "no review ticket was approved")
            let remaining = review.filter { $0 != approved }
            // Back to the Review column (the board reloaded), then reject with feedback, typing only
            // once the feedback box is open.
            try await world.selectCard(in: remaining)
            let box = try await world.tmux.press("x") { $0.contains("Reject: feedback") }
            try #require(box.ok, "x did not open the feedback box:\n\(box.screen)")
            try await world.tmux.type("please add tests")
            try await world.tmux.send(keys: "Enter")
            let rejected = try await world.waitForTicket(among: remaining, toBe: .inProgress, column: "In Progress")
            #expect(rejected != nil, "the other review ticket was not rejected")
            // Esc, then wait: an Esc followed at once by q reads as Alt-q, in any terminal program.
            try await world.tmux.send(keys: "Escape")
            #expect(await world.tmux.waitForScreen { $0.contains("SESSION") }.ok, "Esc did not leave the board")
            try await world.quitAndExpectRestored()
        }
    }

    static func columnName(_ state: TicketState) -> String {
        switch state {
        case .backlog: "Backlog"
        case .inProgress: "In Progress"
        case .review: "Review"
        case .done: "Done"
        case .other(let name): name
        }
    }
}

extension UIWorld {
    /// The key of the highlighted (reverse video) board card, if any.
    func selectedCard() async -> String? {
        let screen = await tmux.screenWithAttributes()
        for line in screen.split(separator: "\n") {
            guard let start = line.range(of: "\u{1B}[7m") else { continue }
            let plain = line[start.upperBound...].replacingOccurrences(
                of: #"\x1B\[[0-9;]*m"#, with: "", options: .regularExpression)
            if let key = ListRows.ticketKey(in: plain) { return key }
        }
        return nil
    }

    /// Moves the board selection to the Review column (h to the first column, then l twice) until
    /// one of `keys` is highlighted; a board reload may reset the selection, so it looks first.
    func selectCard(in keys: [String], sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let end = Date().addingTimeInterval(30)
        while Date() < end {
            if let selected = await selectedCard(), keys.contains(selected) { return }
            try await tmux.send(keys: "h", "h", "h", "l", "l")
            try await Task.sleep(for: .milliseconds(500))
        }
        Issue.record("none of \(keys) could be selected:\n\(await tmux.screen())", sourceLocation: sourceLocation)
    }

    /// Waits until one of the tickets `keys` is in `state` on the server and shown in `column` on
    /// the board; returns its key.
    func waitForTicket(among keys: [String], toBe state: TicketState, column: String) async throws -> String? {
        let project = try #require(try await rest.projects().first)
        let end = Date().addingTimeInterval(30)
        var screen = ""
        while Date() < end {
            let tickets = try await rest.allTickets(projectId: project.id)
            screen = await tmux.screen()
            let columns = BoardColumns(screen)
            for ticket in tickets where keys.contains(ticket.externalId ?? "") && ticket.state == state {
                let detail = try await rest.ticket(ticket.id)
                if detail.ticket.state == state, columns.column(of: ticket.externalId ?? "") == column {
                    return ticket.externalId
                }
            }
            try await Task.sleep(for: .milliseconds(200))
        }
        Issue.record("no ticket of \(keys) became \(state) in \(column):\n\(screen)")
        return nil
    }
}
