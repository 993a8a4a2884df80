// Link truth as a person sees it: claudepm talks to the demo server through a TCP forwarder that
// stalls (both sockets open, nothing moves: a half-open link). Within a heartbeat the session
// list says "last contact N s ago" and marks the data stale, then the server is declared down
// with the reason ("no answer", or "timeout" once a reconnect attempt failed too), and it comes
// back online when bytes move again.
import Foundation
import TestSupport
import Testing

@Suite(
    "UI link truth", .serialized,
    .enabled(if: Binaries.serverHasDemo, "needs the full build with claudepm and claudepm-server --demo"))
struct LinkTruthEndToEndTests {
    @Test("a stalled link shows 'last contact N s ago', then OFFLINE (no answer …), then online again")
    func stalledLinkIsShownLateThenDown() async throws {
        try await UIWorld.with { world in
            try #require(await world.waitForSessions().ok, "the first run never listed the sessions")
            try await world.quitAndExpectRestored()
            let port = try #require(URL(string: world.server.url)?.port)
            let proxy = try StallProxy(targetPort: port)
            defer { proxy.stop() }
            let url = "http://127.0.0.1:\(proxy.port)"
            try await world.tmux.type("clear; '\(Binaries.path("claudepm"))' --url \(url); echo claudepm-exit=$?")
            try await world.tmux.send(keys: "Enter")
            let online = await world.tmux.waitForScreen(timeout: 60) { screen in
                screen.contains("online") && DemoTickets.sessionKeys.allSatisfy { screen.contains($0) }
            }
            try #require(online.ok, "never online through the forwarder:\n\(online.screen)")
            proxy.stall()
            let late = await world.tmux.waitForScreen(timeout: 30) { $0.contains("last contact") }
            #expect(late.ok, "a stalled link was not shown late:\n\(late.screen)")
            #expect(late.screen.contains("data may be stale"), "late data is not marked stale:\n\(late.screen)")
            // Declared down with a reason: "no answer" (the heartbeat), or, when the first look
            // comes after a reconnect attempt already failed on the stalled forwarder, "timeout"
            // (seen under a CPU hog: "OFFLINE (timeout · connecting, try 2)").
            let down = await world.tmux.waitForScreen(timeout: 30) {
                $0.contains("OFFLINE (no answer") || $0.contains("OFFLINE (timeout")
            }
            #expect(down.ok, "the stalled link was never declared down with its reason:\n\(down.screen)")
            #expect(
                DemoTickets.sessionKeys.allSatisfy { down.screen.contains($0) }, "the stale sessions vanished")
            proxy.resume()
            let back = await world.tmux.waitForScreen(timeout: 60) { $0.contains("· online") }
            #expect(back.ok, "did not come back online:\n\(back.screen)")
            try await world.quitAndExpectRestored()
        }
    }
}
