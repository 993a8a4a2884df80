// DemoFixture writes a realistic ticket folder that matches upstream's naming rules.
import ClaudePMProtocol
import Foundation
import Testing

@testable import ServerCore

@Suite struct DemoFixtureTests {
    @Test func writesEveryTicketWithATitleHeading() throws {
        let repo = FileManager.default.temporaryDirectory.appendingPathComponent("claudepm-demo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: repo) }
        let files = try DemoFixture.write(to: repo)
        #expect(files.count == DemoFixture.tickets.count)
        for ticket in DemoFixture.tickets {
            let text = try String(contentsOf: repo.appendingPathComponent(ticket.filePath), encoding: .utf8)
            #expect(text.hasPrefix("# \(ticket.title)\n"))
            #expect(ticket.filePath.hasPrefix(DemoFixture.ticketsPath + "/"))
            if let id = ticket.externalId {
                #expect(URL(fileURLWithPath: ticket.filePath).lastPathComponent.hasPrefix("\(id)-"))
            } else {
                #expect(ticket.filePath.hasPrefix(DemoFixture.ticketsPath + "/adhoc/"))
            }
        }
        #expect(!FileManager.default.fileExists(atPath: repo.appendingPathComponent(".git").path))
    }

    @Test func coversAllStatesAndSeveralPrefixes() {
        let states = Set(DemoFixture.initialStates.values.map(\.rawValue))
        #expect(states == ["backlog", "in_progress", "review", "done"])
        let prefixes = Set(
            DemoFixture.tickets.map { $0.externalId?.split(separator: "-").first.map(String.init) ?? "ADHOC" })
        #expect(prefixes == ["CSM", "API", "WEB", "ADHOC"])
        #expect(DemoFixture.sessionTickets.count == 4)
        #expect(Set(DemoFixture.tickets.map(\.filePath)).count == DemoFixture.tickets.count)
    }
}
