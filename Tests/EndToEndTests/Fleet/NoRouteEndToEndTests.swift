// With no route to its server, claudepm pauses its retries and says why; a route appearing makes
// it connect at once (issue 37: "pausing retries while no route exists"). The real UI runs in the
// client namespace of a NetnsFleet whose own end of the link to the host is down, so every
// connect fails at once for want of a route (ENETUNREACH), as on a laptop off its network. The
// screen must name the reason and a next try a sweep away (60 s), not the backoff's 1–2 s; once
// the link is up, the server must be online well before that next try (the route watcher's
// doing, not the sweep's). Skipped, with the reason, where namespaces cannot be made.
import Foundation
import TestSupport
import Testing

@Suite(
    "No route end to end", .serialized,
    .enabled(if: NetnsFleet.unavailableReason == nil, "\(NetnsFleet.unavailableReason ?? "")"))
struct NoRouteEndToEndTests {
    private static func line(_ screen: String, server: String) -> String {
        screen.split(separator: "\n").map(String.init).first { $0.hasPrefix("\(server) · ") } ?? ""
    }

    /// Seconds from now until the `HH:MM:SS` after "reconnecting at" in `text` (local time, as the UI
    /// writes it), or nil.
    static func secondsUntilRetry(_ text: String, now: Date = Date()) -> Int? {
        guard let range = text.range(of: #"reconnecting at \d\d:\d\d:\d\d"#, options: .regularExpression) else {
            return nil
        }
        let clock = text[range].suffix(8).split(separator: ":").compactMap { Int($0) }
        guard clock.count == 3 else { return nil }
        let parts = Calendar.current.dateComponents([.hour, .minute, .second], from: now)
        let current = (parts.hour ?? 0) * 3600 + (parts.minute ?? 0) * 60 + (parts.second ?? 0)
        let retry = clock[0] * 3600 + clock[1] * 60 + clock[2]
        return (retry - current + 86_400) % 86_400
    }

    @Test func withNoRouteRetriesPauseAndARouteAppearingConnectsAtOnce() async throws {
        try await FleetWorld.with(hosts: ["far"]) { world in
            let host = try world.host("far")
            try await world.fleet.setClientLink(host, up: false)
            try await world.run()
            let paused = await world.tmux.waitForScreen(timeout: 60) { screen in
                let far = Self.line(screen, server: "far")
                return far.contains("no route") && far.contains("reconnecting at")
            }
            try #require(paused.ok, "no route is not named:\n\(paused.screen)")
            let seen = Date()
            let wait = try #require(Self.secondsUntilRetry(Self.line(paused.screen, server: "far"), now: seen))
            #expect(wait >= 30, "the next try is the backoff's, not a pause (\(wait) s):\n\(paused.screen)")

            try await world.fleet.setClientLink(host, up: true)
            let back = await world.tmux.waitForScreen(timeout: Double(wait) + 30) { screen in
                Self.line(screen, server: "far").contains("online")
            }
            try #require(back.ok, "the server did not come back:\n\(back.screen)")
            let took = Date().timeIntervalSince(seen)
            #expect(
                took < Double(wait) - 10,
                "online only after \(Int(took)) s, at the sweep (\(wait) s): the new route did not start a try")
            let exited = try await world.tmux.press("q", timeout: 30) { $0.contains("claudepm-exit=0") }
            #expect(exited.ok, "claudepm did not quit cleanly:\n\(exited.screen)")
        }
    }
}
