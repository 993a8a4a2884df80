// TmuxSweep, the fixtures' teardown of a private tmux socket: it ends the server and the clients
// attached to it, and nothing of another socket.

import Foundation
import TestSupport
import Testing

@Suite struct TmuxSweepTests {
    @Test func theSocketsServerAndClientsEndAndAnotherSocketIsLeftAlone() async throws {
        let socket = "claudepm-test-" + UUID().uuidString.prefix(8).lowercased()
        let other = "claudepm-test-" + UUID().uuidString.prefix(8).lowercased()
        #expect(ChildWait.tmux(socket: socket, ["new-session", "-d", "-s", "a", "sh"]) == 0)
        #expect(ChildWait.tmux(socket: other, ["new-session", "-d", "-s", "b", "sh"]) == 0)
        defer { ChildWait.tmux(socket: other, ["kill-server"]) }
        // A control client of the first server, as a claudepm-server keeps one (with no input it
        // may already have left when the sweep runs; it must be gone after it either way).
        let client = ChildWait.startTmux(socket: socket, ["-C", "attach-session", "-t", "=a"])
        #expect(client != nil)

        let killed = TmuxSweep.killAll(socket: socket)
        #expect(killed >= 1, "at least the server")
        if let client { ChildWait.exitStatus(ofPID: client) }
        #expect(ChildWait.tmux(socket: socket, ["has-session", "-t", "=a"]) != 0)
        #expect(ChildWait.tmux(socket: other, ["has-session", "-t", "=b"]) == 0)
    }
}
