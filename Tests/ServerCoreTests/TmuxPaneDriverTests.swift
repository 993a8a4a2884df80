// TmuxPaneDriver's one-call liveness listing, used by every poll round instead of one tmux
// process per session.
import Testing

@testable import ServerCore

@Suite struct TmuxPaneDriverTests {
    @Test func livePaneIDsListsEveryLivePaneAndDropsKilledOnes() async throws {
        try await TmuxSandbox.with { sandbox in
            let name = TmuxSandbox.sessionName()
            let first = try await sandbox.tmux.newSession(
                name: name, cwd: "/tmp", command: ["sleep", "3600"], environment: [:], width: 80, height: 24)
            let second = try await sandbox.tmux.newPane(
                session: name, cwd: "/tmp", command: ["sleep", "3600"], environment: [:])
            let driver = TmuxPaneDriver(tmux: sandbox.tmux)
            #expect(await driver.livePaneIDs() == [first.id, second.id])
            try await sandbox.tmux.killPane(second.id)
            #expect(await driver.livePaneIDs() == [first.id])
        }
    }

    @Test func livePaneIDsWithoutATmuxServerIsEmptyNotUnknown() async {
        let driver = TmuxPaneDriver(tmux: TmuxSandbox().tmux)
        #expect(await driver.livePaneIDs() == Set<String>())
    }
}
