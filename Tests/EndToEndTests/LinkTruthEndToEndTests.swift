// Link truth as a person sees it: claudepm talks to the demo server through a TCP forwarder that
// stalls (both sockets open, nothing moves: a half-open link). Within a heartbeat the session
// list says "last contact N s ago" and marks the data stale, then the server is declared down
// with the reason ("no answer", or "timeout" once a reconnect attempt failed too), and it comes
// back online when bytes move again. Keys typed into an attached session meanwhile are shown
// pending, and reported discarded with their count once the link is back.
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
            let online = try await world.tmux.press("Enter", timeout: 60) { screen in
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

    @Test("keys typed into an attached session while its link is stalled are pending, then reported discarded")
    func keysTypedWhileTheLinkIsDownAreReportedDiscarded() async throws {
        try await UIWorld.with(cols: 220) { world in
            try #require(await world.waitForSessions().ok, "the first run never listed the sessions")
            try await world.quitAndExpectRestored()
            let port = try #require(URL(string: world.server.url)?.port)
            let proxy = try StallProxy(targetPort: port)
            defer { proxy.stop() }
            try await world.tmux.type(
                "clear; '\(Binaries.path("claudepm"))' --url http://127.0.0.1:\(proxy.port); echo claudepm-exit=$?")
            try await world.tmux.send(keys: "Enter")
            try #require(await world.waitForWall().ok, "no wall through the forwarder")
            let attached = try await world.tmux.press("Enter") {
                $0.contains("C-] detach") && !$0.contains("connecting")
            }
            try #require(attached.ok, "did not attach:\n\(attached.screen)")
            proxy.stall()
            // Typed once the server is declared down (ten silent seconds): the stream, which pings
            // every 5 s, is in doubt or reconnecting by then, so the keys are held.
            let down = await world.tmux.waitForScreen(timeout: 60) { $0.contains("OFFLINE") }
            try #require(down.ok, "the stalled link was never declared down:\n\(down.screen)")
            let typed = "held-keys"
            try await world.tmux.type(typed)
            let pending = await world.tmux.waitForScreen {
                $0.contains("\(typed.utf8.count) bytes typed, pending (not sent)")
            }
            #expect(pending.ok, "the keys are not shown as pending:\n\(pending.screen)")
            // Held keys go out if the same link answers again; they are discarded only once the
            // stream has given the link up (its own state on the status line, wide enough here).
            let given = await world.tmux.waitForScreen(timeout: 60) { screen in
                let status = screen.split(separator: "\n").last { $0.contains("C-] detach") } ?? ""
                return status.range(
                    of: #"reconnecting [0-9]+/[0-9]+|connecting \(try|attaching…"#, options: .regularExpression)
                    != nil
            }
            try #require(given.ok, "the stream never gave the stalled link up:\n\(given.screen)")
            proxy.resume()
            let report = "\(typed.utf8.count) bytes typed while the link was down or in doubt were discarded, not sent"
            let discarded = await world.tmux.waitForScreen(timeout: 60) { screen in
                screen.contains(report) && screen.contains("online") && !screen.contains("pending")
            }
            #expect(discarded.ok, "the discarded keys were not reported once the link was back:\n\(discarded.screen)")
            try await world.tmux.send(keys: "C-]")
            try await world.quitAndExpectRestored()
        }
    }
}
