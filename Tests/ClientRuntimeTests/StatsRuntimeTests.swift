// `:stats` shows the links as the client sees them: each server's state and round trip, and each
// open stream's state with the bytes and frames it delivered.
import ClientCore
import Foundation
import TUI
import Testing

@testable import ClientRuntime

@Suite struct StatsRuntimeTests {
    @Test func statsListsServersAndStreamsWithTheirCounters() throws {
        let world = SuspendRuntimeTests.World()
        world.send(events: [.app(.roundTrip(server: "local", milliseconds: 42))])
        let tile = try #require(world.backend.opened.first { $0.key == SuspendRuntimeTests.key })
        world.send(events: [.terminal(tile.key, generation: tile.generation, .bytes(Array("hello".utf8)))])
        world.send(events: [.terminal(tile.key, generation: tile.generation, .bytes(Array(" world".utf8)))])
        world.send(input: Array(":stats\r".utf8))
        guard case .pager(let title, let lines, _) = world.app.state.overlay else {
            Issue.record("no pager: \(String(describing: world.app.state.overlay))")
            return
        }
        #expect(title == "claudepm stats")
        let local = try #require(lines.first { $0.hasPrefix("  local  ") })
        #expect(local.contains("online") && local.contains("rtt 42 ms") && local.contains("reconnects 0"), "\(local)")
        #expect(lines.contains { $0.hasPrefix("  far  ") }, "every configured server is listed")
        let stream = try #require(lines.first { $0.hasPrefix("  local/") })
        #expect(stream.contains("11 bytes in 2 frames"), "\(stream)")
    }
}
