// Quitting the UI ends its streams the way a polite client does: each tile's terminal stream
// sends `pty:detach` and a close frame before the process exits (the server logs both), instead
// of the sockets simply vanishing with the process.
import Foundation
import TestSupport
import Testing

@Suite(
    "Clean exit end to end",
    .enabled(if: Binaries.serverHasDemo, "needs the full build with claudepm and claudepm-server --demo"))
struct CleanExitEndToEndTests {
    @Test("q detaches every tile's stream on the server before claudepm exits")
    func quitDetachesEveryStream() async throws {
        try await UIWorld.with { world in
            try #require(await world.waitForWall().ok)
            let before = Self.lines(world, containing: "PTY detached")
            try await world.quitAndExpectRestored()
            // claudepm has exited: whatever the server logs now was sent before the exit.
            let tiles = DemoTickets.sessionKeys.count
            let detached = await eventually {
                Self.lines(world, containing: "PTY detached").count >= before.count + tiles
            }
            let log = (try? String(contentsOfFile: world.server.logPath, encoding: .utf8)) ?? ""
            #expect(detached, "fewer than \(tiles) detaches after quit:\n\(log)")
            let closed = Self.lines(world, containing: "WebSocket closed")
            #expect(closed.count >= tiles, "\(log)")
            #expect(closed.allSatisfy { $0.contains("reason=closed by peer") }, "\(log)")
        }
    }

    private static func lines(_ world: UIWorld, containing text: String) -> [Substring] {
        let log = (try? String(contentsOfFile: world.server.logPath, encoding: .utf8)) ?? ""
        return log.split(separator: "\n").filter { $0.contains(text) }
    }
}
