// PaneStreams.lookUp against a real tmux: through a session's control client it finds a pane's
// session (even another session's pane, and a name with spaces), and says `gone` for a pane
// that was killed, so an attach needs no tmux process for either.
import Foundation
import TestSupport
import Testing

@testable import ServerCore

@Suite(.serialized) struct PaneLookupTests {
    @Test func aLivePaneIsFoundInItsSessionAndAKilledOneIsGone() async throws {
        try await TmuxSandbox.with { sandbox in
            let first = TmuxSandbox.sessionName()
            let second = "with spaces " + TmuxSandbox.sessionName()
            let pane = try await sandbox.tmux.newSession(
                name: first, cwd: "/tmp", command: ["sleep", "300"], environment: [:], width: 80, height: 24)
            let other = try await sandbox.tmux.newSession(
                name: second, cwd: "/tmp", command: ["sleep", "300"], environment: [:], width: 80, height: 24)
            let streams = PaneStreams(tmux: sandbox.tmux)
            defer { streams.stop() }
            #expect(await streams.lookUp(pane: pane.id, session: first) == .alive(session: first))
            // Asked through the first session's client, the second's pane names its own session.
            #expect(await streams.lookUp(pane: other.id, session: first) == .alive(session: second))
            try await sandbox.tmux.killPane(other.id)
            #expect(await streams.lookUp(pane: other.id, session: first) == .gone)
            #expect(await streams.lookUp(pane: "not-a-pane", session: first) == .unknown)
        }
    }

    @Test func theLookupLineIsReadForItsPaneOnly() {
        #expect(PaneStreams.parseLookup(["%3 0 main"], pane: "%3") == .alive(session: "main"))
        #expect(PaneStreams.parseLookup(["%3 0 two words"], pane: "%3") == .alive(session: "two words"))
        #expect(PaneStreams.parseLookup(["%3 1 main"], pane: "%3") == .gone)
        #expect(PaneStreams.parseLookup(["%4 0 main"], pane: "%3") == .gone)
        #expect(PaneStreams.parseLookup([""], pane: "%3") == .gone)
    }
}
