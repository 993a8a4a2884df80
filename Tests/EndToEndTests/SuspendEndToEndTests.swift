// Job control as a person uses it: Ctrl-Z in the UI drops to the shell ("Stopped", the shell's
// own screen and modes back), `fg` brings the wall back redrawn with keys working, and a SIGTSTP
// from elsewhere does the same.
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite(
    "Suspend end to end", .serialized,
    .enabled(if: Binaries.serverHasDemo, "needs the full build with claudepm and claudepm-server --demo"))
struct SuspendEndToEndTests {
    @Test("Ctrl-Z and SIGTSTP suspend to the shell with the terminal restored; fg brings the UI back")
    func suspendAndResume() async throws {
        try await UIWorld.with { world in
            try #require(await world.waitForWall().ok)
            try await world.tmux.send(keys: "C-z")
            try await expectStoppedThenResume(world)
            // The UI is back and takes keys: the help overlay lists the suspend key.
            let help = try await world.tmux.press("?") { $0.contains("suspend to the shell") }
            #expect(help.ok, "no help after fg:\n\(help.screen)")
            try await world.tmux.send(keys: "Escape")
            let pid = try #require(await world.claudepmPID(), "claudepm is not the shell's child")
            kill(pid, SIGTSTP)
            try await expectStoppedThenResume(world)
            try await world.quitAndExpectRestored()
        }
    }

    /// The shell shows the stop (the screen was cleared before each resume) and runs commands;
    /// `fg` brings the wall back on the alternate screen.
    private func expectStoppedThenResume(_ world: UIWorld) async throws {
        let stopped = await world.tmux.waitForScreen { screen in
            // The shell's job report for this stop, and its prompt after it.
            let parts = screen.components(separatedBy: "Stopped")
            return parts.count > 1 && parts.last?.contains("shell-ready$") == true
        }
        try #require(stopped.ok, "no shell after the stop:\n\(stopped.screen)")
        try await world.expectShellRestored()
        // A stopped job leaves the rest of its command line behind: print the status again.
        try await world.tmux.type("clear; fg; echo claudepm-exit=$?")
        try await world.tmux.send(keys: "Enter")
        let back = await world.waitForWall()
        #expect(back.ok, "the wall did not come back after fg:\n\(back.screen)")
        #expect(await world.tmux.paneValue("alternate_on") == "1")
    }
}
