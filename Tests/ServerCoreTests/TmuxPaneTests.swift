// Tmux pane lifecycle against a real tmux: extra panes, death detection, focus, zoom and titles.
import Foundation
import TestSupport
import Testing

@testable import ServerCore

@Suite struct TmuxPaneTests {
    @Test func newPaneOpensAWindowWithoutChangingTheCurrentOne() async throws {
        try await TmuxSandbox.with { sandbox in
            let name = TmuxSandbox.sessionName()
            let first = try await sandbox.tmux.newSession(
                name: name, cwd: "/tmp", command: ["sleep", "3600"], environment: [:], width: 100, height: 30)
            let second = try await sandbox.tmux.newPane(
                session: name, cwd: "/", command: ["sleep", "3600"], environment: ["A": "1"])
            #expect(second.id != first.id && second.sessionName == name)
            #expect(second.windowIndex != first.windowIndex)
            #expect(second.width == 100)
            #expect(
                try await sandbox.tmux.listPanes(session: name).map(\.id).sorted() == [first.id, second.id].sorted())
            #expect(try await activePane(sandbox, name) == first.id)
            try await sandbox.tmux.selectPane(second.id)
            #expect(try await activePane(sandbox, name) == second.id)
        }
    }

    @Test func paneDeathIsDetected() async throws {
        try await TmuxSandbox.with { sandbox in
            let name = TmuxSandbox.sessionName()
            _ = try await sandbox.tmux.newSession(
                name: name, cwd: "/tmp", command: ["sleep", "3600"], environment: [:], width: 80, height: 24)
            let exiting = try await sandbox.tmux.newPane(
                session: name, cwd: "/tmp", command: ["/bin/sh", "-c", "read x"], environment: [:])
            let killed = try await sandbox.tmux.newPane(
                session: name, cwd: "/tmp", command: ["sleep", "3600"], environment: [:])
            #expect(await sandbox.tmux.pane(exiting.id) != nil)
            try await sandbox.tmux.sendLiteral(exiting.id, text: "", enter: true)
            #expect(await eventually { await sandbox.tmux.pane(exiting.id) == nil })
            try await sandbox.tmux.killPane(killed.id)
            #expect(await sandbox.tmux.pane(killed.id) == nil)
            #expect(try await sandbox.tmux.listPanes(session: name).count == 1)
            await #expect(throws: TmuxError.self) { try await sandbox.tmux.killPane(killed.id) }
        }
    }

    @Test func noServerMeansNoPanes() async throws {
        let tmux = TmuxSandbox().tmux
        #expect(try await tmux.listPanes(session: nil).isEmpty)
        #expect(await tmux.pane("%0") == nil)
        #expect(!(await tmux.hasSession("nothing")))
        #expect(await tmux.isAvailable())
        #expect(!(await Tmux(executable: "/nonexistent/tmux").isAvailable()))
        await #expect(throws: TmuxError.self) { try await tmux.listPanes(session: "nothing") }
    }

    @Test func zoomToggles() async throws {
        try await TmuxSandbox.with { sandbox in
            let pane = try await sandbox.tmux.newSession(
                name: TmuxSandbox.sessionName(), cwd: "/tmp", command: ["sleep", "3600"], environment: [:],
                width: 80, height: 24)
            try await sandbox.tmux.run(["split-window", "-d", "-t", pane.id, "sleep", "3600"])
            #expect(try await sandbox.tmux.isWindowZoomed(pane.id) == false)
            try await sandbox.tmux.toggleZoom(pane.id)
            #expect(try await sandbox.tmux.isWindowZoomed(pane.id) == true)
            #expect(await sandbox.tmux.pane(pane.id)?.height == 24)
            try await sandbox.tmux.toggleZoom(pane.id)
            #expect(try await sandbox.tmux.isWindowZoomed(pane.id) == false)
        }
    }

    @Test func hostileTitleRoundTrips() async throws {
        try await TmuxSandbox.with { sandbox in
            let pane = try await sandbox.tmux.newSession(
                name: TmuxSandbox.sessionName(), cwd: "/tmp", command: ["sleep", "3600"], environment: [:],
                width: 80, height: 24)
            let title = "Fix login; rm -rf ~ $(x) \"q\" 'q' 漢字 😀 #{pane_id} #(echo hi) ;"
            try await sandbox.tmux.setPaneTitle(pane.id, title: title)
            #expect(await sandbox.tmux.pane(pane.id)?.title == title)
        }
    }

    private func activePane(_ sandbox: TmuxSandbox, _ session: String) async throws -> String {
        try await sandbox.tmux.run(["display-message", "-p", "-t", "=\(session):", "#{pane_id}"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
