// attachArguments: a real tmux client on a real PTY shows the pane; read-only clients cannot type.
import Foundation
import TestSupport
import Testing

@testable import ServerCore

@Suite struct TmuxAttachTests {
    @Test func attachedClientShowsThePaneAndTypes() async throws {
        try await TmuxSandbox.with { sandbox in
            let name = TmuxSandbox.sessionName()
            _ = try await sandbox.tmux.newSession(
                name: name, cwd: "/tmp", command: ["sleep", "3600"], environment: [:], width: 80, height: 24)
            let pane = try await sandbox.tmux.newPane(
                session: name, cwd: "/tmp", command: ["/bin/sh", "-c", "echo MARK-漢字; exec cat"], environment: [:])
            let client = try PTYProcess.spawn(
                executable: sandbox.tmux.executable,
                arguments: sandbox.tmux.attachArguments(session: name, paneID: pane.id, readOnly: false),
                environment: [:], cwd: nil, cols: 100, rows: 30)
            let output = OutputCollector(client)
            #expect(await output.waitFor("MARK-漢字"))
            try client.write(Array("typed-through\r".utf8))
            #expect(await eventually { await sandbox.screen(pane.id).contains("typed-through") })
            #expect(await eventually { await sandbox.tmux.pane(pane.id)?.width == 100 })
            client.terminate()
            _ = await client.waitForExit()
        }
    }

    @Test func readOnlyClientCannotTypeNorResize() async throws {
        try await TmuxSandbox.with { sandbox in
            let name = TmuxSandbox.sessionName()
            let pane = try await sandbox.tmux.newSession(
                name: name, cwd: "/tmp", command: ["/bin/sh", "-c", "echo WATCH-ME; exec cat"], environment: [:],
                width: 80, height: 24)
            // A normal client sets the window size; a read-only watcher must not change it.
            let owner = try PTYProcess.spawn(
                executable: sandbox.tmux.executable,
                arguments: sandbox.tmux.attachArguments(session: name, paneID: pane.id, readOnly: false),
                environment: [:], cwd: nil, cols: 90, rows: 30)
            let ownerOutput = OutputCollector(owner)
            #expect(await ownerOutput.waitFor("WATCH-ME"))
            #expect(await eventually { await sandbox.tmux.pane(pane.id)?.width == 90 })
            let client = try PTYProcess.spawn(
                executable: sandbox.tmux.executable,
                arguments: sandbox.tmux.attachArguments(session: name, paneID: pane.id, readOnly: true),
                environment: [:], cwd: nil, cols: 120, rows: 40)
            let output = OutputCollector(client)
            #expect(await output.waitFor("WATCH-ME"))
            try client.write(Array("not-allowed\r".utf8))
            try await sandbox.tmux.sendLiteral(pane.id, text: "after", enter: true)
            #expect(await eventually { await sandbox.screen(pane.id).contains("after") })
            #expect(!(await sandbox.screen(pane.id).contains("not-allowed")))
            let width = await sandbox.tmux.pane(pane.id)?.width
            #expect(width == 90)
            client.terminate()
            owner.terminate()
            _ = await owner.waitForExit()
            #expect(await client.waitForExit() >= 0)
        }
    }

    @Test func readOnlyWatchersCreateNoSessionsEvenUnderManualWindowSize() async throws {
        try await TmuxSandbox.with { sandbox in
            let name = TmuxSandbox.sessionName()
            let first = try await sandbox.tmux.newSession(
                name: name, cwd: "/tmp", command: ["/bin/sh", "-c", "echo PANE-ONE; exec cat"], environment: [:],
                width: 80, height: 24)
            try await sandbox.tmux.run(["set-option", "-g", "window-size", "manual"])
            let client = try PTYProcess.spawn(
                executable: sandbox.tmux.executable,
                arguments: sandbox.tmux.attachArguments(session: name, paneID: first.id, readOnly: true),
                environment: [:], cwd: nil, cols: 80, rows: 24)
            #expect(await OutputCollector(client).waitFor("PANE-ONE"))
            let sessions = try await sandbox.tmux.run(["list-sessions", "-F", "#{session_name}"])
            #expect(sessions.trimmingCharacters(in: .whitespacesAndNewlines) == name)
            client.terminate()
            _ = await client.waitForExit()
            #expect(await sandbox.tmux.hasSession(name))
        }
    }
}
