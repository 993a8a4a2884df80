// Tmux against a real tmux server on a private socket: sessions, panes, capture, typing, hostile
// strings, death detection, zoom and titles.
import Foundation
import TestSupport
import Testing

@testable import ServerCore

@Suite struct TmuxTests {
    static let hostile = "; rm -rf ~ $(touch /tmp/claudepm-pwned) `id` \"dq\" 'sq' 漢字 😀 #{pane_id} ##(echo hi) -l \\;"

    @Test func newSessionReportsItsPane() async throws {
        try await TmuxSandbox.with { sandbox in
            let name = TmuxSandbox.sessionName()
            let pane = try await sandbox.tmux.newSession(
                name: name, cwd: "/tmp", command: ["sleep", "3600"], environment: [:], width: 90, height: 20)
            #expect(pane.id.hasPrefix("%"))
            #expect(pane.sessionName == name)
            #expect(pane.width == 90 && pane.height == 20)
            #expect(await eventually { await sandbox.tmux.pane(pane.id)?.cwd == "/tmp" })
            #expect(pane.pid > 0 && !pane.isDead)
            #expect(await sandbox.tmux.hasSession(name))
            #expect(!(await sandbox.tmux.hasSession(name + "-other")))
            #expect(await sandbox.tmux.pane(pane.id)?.id == pane.id)
            #expect(try await sandbox.tmux.listPanes(session: name).map(\.id) == [pane.id])
        }
    }

    @Test func hostileSessionNameRoundTrips() async throws {
        let name = "; rm -rf ~ $(x) `id` \"q\" 'q' 漢字 😀 #{pane_id} ##(echo hi);"
        try await TmuxSandbox.with { sandbox in
            let pane = try await sandbox.tmux.newSession(
                name: name, cwd: "/tmp", command: ["sleep", "3600"], environment: [:], width: 80, height: 20)
            #expect(pane.sessionName == name)
            #expect(await sandbox.tmux.hasSession(name))
            #expect(try await sandbox.tmux.listPanes(session: name).count == 1)
        }
    }

    @Test func invalidSessionNamesAreRejected() async throws {
        let tmux = TmuxSandbox().tmux
        for name in ["a:b", "a.b", "", "tab\there"] {
            await #expect(throws: TmuxError.invalidSessionName(name)) {
                _ = try await tmux.newSession(
                    name: name, cwd: "/tmp", command: nil, environment: [:], width: 80, height: 24)
            }
        }
        #expect(TmuxArgument.sanitizedSessionName("my.proj:1") == "my_proj_1")
        #expect(TmuxArgument.sanitizedSessionName("") == "claudepm")
        await #expect(throws: TmuxError.invalidPaneID("3")) { try await tmux.killPane("3") }
    }

    @Test func literalTextArrivesExactly() async throws {
        try await TmuxSandbox.with { sandbox in
            let pane = try await sandbox.tmux.newSession(
                name: TmuxSandbox.sessionName(), cwd: "/tmp", command: ["cat"], environment: [:], width: 200,
                height: 10)
            try await sandbox.tmux.sendLiteral(pane.id, text: Self.hostile, enter: true)
            // The terminal echoes the line and cat prints it again: the text must appear twice, intact.
            let arrived = await eventually {
                await sandbox.screen(pane.id).components(separatedBy: Self.hostile).count == 3
            }
            let screen = await sandbox.screen(pane.id)
            #expect(arrived, "screen: \(screen)")
            #expect(!FileManager.default.fileExists(atPath: "/tmp/claudepm-pwned"))
        }
    }

    @Test func environmentAndSingleElementCommandAreNotShellText() async throws {
        try await TmuxSandbox.with { sandbox in
            let value = "v $(id) ;'\" #{x}"
            let pane = try await sandbox.tmux.newSession(
                name: TmuxSandbox.sessionName(), cwd: "/tmp", command: ["/bin/sh"],
                environment: ["CLAUDEPM_V": value], width: 120, height: 10)
            try await sandbox.tmux.sendLiteral(pane.id, text: "printf '<%s>\\n' \"$CLAUDEPM_V\"", enter: true)
            #expect(await eventually { await sandbox.screen(pane.id).contains("<\(value)>") })
        }
    }

    @Test func singleElementCommandIsAProgramNotShellText() async throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("claudepm $(x) 'q' \(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let program = directory.appendingPathComponent("prog; echo INJECTED")
        try ExecutableScript.write("#!/bin/sh\necho RAN-OK\nexec cat\n", to: program.path)
        try await TmuxSandbox.with { sandbox in
            let pane = try await sandbox.tmux.newSession(
                name: TmuxSandbox.sessionName(), cwd: directory.path, command: [program.path], environment: [:],
                width: 120, height: 10)
            #expect(await eventually { await sandbox.screen(pane.id).contains("RAN-OK") })
            #expect(!(await sandbox.screen(pane.id).contains("INJECTED")))
            #expect(await sandbox.tmux.pane(pane.id)?.cwd == directory.path)
        }
    }

    @Test func captureWithAndWithoutEscapes() async throws {
        try await TmuxSandbox.with { sandbox in
            let pane = try await sandbox.tmux.newSession(
                name: TmuxSandbox.sessionName(), cwd: "/tmp",
                command: ["/bin/sh", "-c", "printf '\\033[31mRED\\033[0m plain\\n'; exec cat"], environment: [:],
                width: 80, height: 10)
            #expect(await eventually { await sandbox.screen(pane.id).contains("RED plain") })
            let colored = try await sandbox.tmux.capturePane(pane.id, historyLines: 100, escapes: true)
            #expect(colored.contains { $0.contains("\u{1B}[31mRED") })
            let plain = try await sandbox.tmux.capturePane(pane.id, historyLines: 0, escapes: false)
            #expect(plain.count == 10)
            #expect(!plain.joined().contains("\u{1B}"))
        }
    }

    @Test func rawBytesAndKeyNamesReachTheProgramExactly() async throws {
        try await TmuxSandbox.with { sandbox in
            let script = "stty raw -echo; echo READY; head -c 4 | od -An -tx1; head -c 3 | od -An -tx1; exec cat"
            let pane = try await sandbox.tmux.newSession(
                name: TmuxSandbox.sessionName(), cwd: "/tmp", command: ["/bin/sh", "-c", script],
                environment: [:], width: 80, height: 10)
            #expect(await eventually { await sandbox.screen(pane.id).contains("READY") })
            try await sandbox.tmux.sendRawBytes(pane.id, bytes: [0x1B, 0x5B, 0x41, 0xFF])
            #expect(await eventually { await sandbox.screen(pane.id).contains("1b 5b 41 ff") })
            try await sandbox.tmux.sendKeyNames(pane.id, keys: ["C-a", "Tab", "C-c"])
            #expect(await eventually { await sandbox.screen(pane.id).contains("01 09 03") })
        }
    }
}
