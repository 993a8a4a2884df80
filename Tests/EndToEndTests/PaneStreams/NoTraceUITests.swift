// Do no harm through the real TUI (issue 35): the demo's tmux is the user's, with a window that
// has a `window-size` of its own, a global `window-size` of each kind and a real client of the
// user attached at 100×32. The wall, an attach, a detach, quitting and a claudepm killed with
// SIGKILL while attached leave every option, window size, layout and active pane as they were. Under `manual` the attach resizes nothing until C-^ asks for it.
import ClaudePMProtocol
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

extension UIEndToEndTests {
    @Test(
        "the wall, attach, detach, quit and a killed claudepm leave the user's tmux as it was",
        arguments: ["manual", "latest", "largest", "smallest"])
    func viewingLeavesNoTrace(_ mode: String) async throws {
        let user = LockedBox<UserClient?>(nil)
        let before = LockedBox("")
        do {
            try await UIWorld.with(
                cols: 140, rows: 40,
                prepare: { server in
                    let windows = try await server.demoTmux([
                        "list-windows", "-t", "=claudepm-demo", "-F", "#{window_id}",
                    ])
                    let last = String(windows.split(separator: "\n").last ?? "")
                    _ = try await server.demoTmux(["set-option", "-w", "-t", last, "window-size", "smallest"])
                    _ = try await server.demoTmux(["set-option", "-g", "window-size", mode])
                    let client = try await UserClient.attach(
                        socket: server.demoSocket, session: "claudepm-demo", cols: 100, rows: 32,
                        environment: UIWorld.environment(server.directory))
                    user.value = client
                    before.value = try await client.state()
                }
            ) { world in
                let client = try #require(user.value)
                try #require(await world.waitForWall().ok, "no wall")
                try await expectUnchanged(client, before.value, "after the wall")
                try await attachSelected(world, mode: mode, client, before.value)
                try await world.tmux.send(keys: "C-]")
                _ = await world.tmux.waitForScreen { $0.contains("SESSION") }
                try await expectUnchanged(client, before.value, "after detaching")

                try await world.quitAndExpectRestored()
                try await expectUnchanged(client, before.value, "after quitting")

                try await world.launch()
                try #require(await world.waitForWall().ok, "no wall after the relaunch")
                try await attachSelected(world, mode: mode, client, before.value)
                let pid = try #require(await world.claudepmPID())
                kill(pid, SIGKILL)
                try await expectUnchanged(client, before.value, "after claudepm was killed while attached")
            }
        } catch {
            await user.value?.stop()
            throw error
        }
        await user.value?.stop()
    }

    /// Attaches the selected session. Under `manual` nothing may change until C-^, which sizes
    /// the window to the attach view (140×39); otherwise the window is sized at once.
    private func attachSelected(_ world: UIWorld, mode: String, _ client: UserClient, _ before: String) async throws {
        let attached = try await world.tmux.press("Enter") { $0.contains("C-] detach") }
        try #require(attached.ok, "not attached:\n\(attached.screen)")
        if mode == "manual" {
            let offered = await world.tmux.waitForScreen { $0.contains("C-^ fit") }
            #expect(offered.ok, "no fit key offered:\n\(offered.screen)")
            #expect(try await client.state() == before, "an attach under window-size manual resized a window")
            try await world.tmux.send(keys: "C-^")
        }
        let sized = await eventually { (try? await client.state())?.contains(" 140x39 ") == true }
        #expect(sized, "the attached session's window was not sized to the view")
    }

    private func expectUnchanged(
        _ client: UserClient, _ before: String, _ when: String, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let same = await eventually { (try? await client.state()) == before }
        if !same {
            let now = try await client.state()
            Issue.record("\(when):\n\(TmuxUserState.difference(before, now))", sourceLocation: sourceLocation)
        }
    }
}
