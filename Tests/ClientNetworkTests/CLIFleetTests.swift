// Listing commands cover every configured server: the built `claudepm` against two real
// claudepm-servers on loopback, then with one of them stopped.

import ClaudePMProtocol
import Foundation
import TestSupport
import Testing

@testable import ClientNetwork

@Suite(.enabled(if: ServerProcess.isAvailable, "needs the claudepm-server binary (full build)"))
struct CLIFleetTests {
    /// `server/id` of every record of a `--json` listing, in order.
    static func serversAndIds(_ json: String) throws -> [String] {
        let records = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        return records.map { "\($0["server"] as? String ?? "?")/\($0["id"] as? String ?? "?")" }
    }

    @Test func sessionsListsEveryServerAndTheOthersWhenOneIsDown() async throws {
        let laptop = try await ServerFixture.make(name: "laptop")
        let work = try await ServerFixture.make(name: "work")
        let home = try TempDirectory()
        let config = home.path + "/fleet.toml"
        try """
        [server.laptop]
        url = "\(laptop.server.url.absoluteString)"

        [server.work]
        url = "\(work.server.url.absoluteString)"
        """.write(toFile: config, atomically: true, encoding: .utf8)

        let both = try await CLIRunner.run(["sessions", "--json", "--config", config], home: home.path)
        #expect(both.status == 0, "\(both.stderr)")
        #expect(try Self.serversAndIds(both.stdout) == ["laptop/\(laptop.sessionId)", "work/\(work.sessionId)"])
        let sessions = try ClaudePMJSON.decoder().decode([Session].self, from: Data(both.stdout.utf8))
        #expect(sessions.map(\.id) == [laptop.sessionId, work.sessionId], "readers may ignore `server`")

        let table = try await CLIRunner.run(["sessions", "--config", config], home: home.path)
        let rows = table.stdout.split(separator: "\n").map(String.init)
        #expect(rows.first?.hasPrefix("SERVER") == true, "\(table.stdout)")
        #expect(rows.dropFirst().map { $0.split(separator: " ").first.map(String.init) } == ["laptop", "work"])

        let narrowed = try await CLIRunner.run(
            ["sessions", "--json", "--config", config, "--server", "work"], home: home.path)
        #expect(narrowed.status == 0, "\(narrowed.stderr)")
        #expect(try Self.serversAndIds(narrowed.stdout) == ["work/\(work.sessionId)"])

        await laptop.server.killHard()
        let one = try await CLIRunner.run(["sessions", "--json", "--config", config], home: home.path)
        #expect(one.status == 69, "the exit status of the server that failed (unreachable)")
        #expect(try Self.serversAndIds(one.stdout) == ["work/\(work.sessionId)"])
        #expect(one.stderr.contains("claudepm: laptop: server laptop is unreachable"), "\(one.stderr)")
        #expect(!one.stderr.contains("work"), "\(one.stderr)")

        await work.server.killHard()
        let none = try await CLIRunner.run(["sessions", "--json", "--config", config], home: home.path)
        #expect(none.status == 69)
        #expect(none.stdout.isEmpty, "nothing answered, nothing listed")
        #expect(none.stderr.contains("claudepm: laptop:") && none.stderr.contains("claudepm: work:"), "\(none.stderr)")
    }
}
