// The mirrors' images across a restart of the server, with a real tmux: a pane drawn while one
// PaneStreams watched it, seen by a second PaneStreams on the same tmux and image directory,
// keeps what captures cannot carry (an erase's background past the last character, the pen, the
// line-drawing set in force); without the images it does not; rows that changed in between come
// from tmux; an image saved after a quiet second survives a server that never stopped cleanly.
import Foundation
import TerminalScreen
import TestSupport
import Testing

@testable import ServerCore

@Suite(.serialized) struct PaneImagesTests {
    /// A pane running a program that waits for `tmux wait-for <gate>`, then draws a blue row whose
    /// blue goes on past its text (an erase), leaves DEC line drawing designated, and waits.
    static let drawing = #"printf '\033[44mpanel\033[K\033[0m\r\nsecond\r\n\033(0'; exec cat"#

    private func gatedPane(_ sandbox: TmuxSandbox, _ name: String, gate: String) async throws -> PaneInfo {
        try await sandbox.tmux.newSession(
            name: name, cwd: "/tmp",
            command: ["/bin/sh", "-c", "tmux -L \(sandbox.tmux.socketName ?? "") wait-for \(gate); \(Self.drawing)"],
            environment: [:], width: 30, height: 6)
    }

    private func viewer(_ streams: PaneStreams, _ pane: String, _ session: String) async throws -> StreamViewer {
        let viewer = StreamViewer()
        await viewer.start(try streams.subscribe(pane: pane, session: session, history: 10))
        #expect(await eventually { await viewer.snapshots >= 1 })
        return viewer
    }

    @Test func aRestartedServerSeesWhatItsImageHeld() async throws {
        try await TmuxSandbox.with { sandbox in
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("images-\(UUID())")
            defer { try? FileManager.default.removeItem(at: directory) }
            let name = TmuxSandbox.sessionName()
            let pane = try await gatedPane(sandbox, name, gate: "\(name)-go")
            let first = PaneStreams(tmux: sandbox.tmux, images: PaneImageStore(directory: directory))
            let watching = try await viewer(first, pane.id, name)
            try await sandbox.tmux.run(["wait-for", "-S", "\(name)-go"])
            #expect(await eventually { await watching.read { $0.text(row: 1) } == "second" })
            #expect(await watching.read { $0.cell(row: 0, col: 29).bg } == .indexed(4))
            first.stop()

            let restarted = PaneStreams(tmux: sandbox.tmux, images: PaneImageStore(directory: directory))
            defer { restarted.stop() }
            let after = try await viewer(restarted, pane.id, name)
            #expect(await after.read { $0.cell(row: 0, col: 29).bg } == .indexed(4))
            #expect(await after.read { $0.modes.g0 } == UInt8(ascii: "0"))
            // The line-drawing set is still in force for what the pane prints next.
            try restarted.input(pane: pane.id, session: name, bytes: Array("q\r".utf8))
            #expect(await eventually { await after.read { $0.text(row: 2) }.hasPrefix("─") })

            let without = PaneStreams(tmux: sandbox.tmux)
            defer { without.stop() }
            let capturedOnly = try await viewer(without, pane.id, name)
            #expect(await capturedOnly.read { $0.cell(row: 0, col: 29).bg } == .default)
        }
    }

    @Test func rowsChangedWhileNoServerWatchedComeFromTmux() async throws {
        try await TmuxSandbox.with { sandbox in
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("images-\(UUID())")
            defer { try? FileManager.default.removeItem(at: directory) }
            let name = TmuxSandbox.sessionName()
            let pane = try await gatedPane(sandbox, name, gate: "\(name)-go")
            let first = PaneStreams(tmux: sandbox.tmux, images: PaneImageStore(directory: directory))
            let watching = try await viewer(first, pane.id, name)
            try await sandbox.tmux.run(["wait-for", "-S", "\(name)-go"])
            #expect(await eventually { await watching.read { $0.text(row: 1) } == "second" })
            first.stop()
            try await sandbox.tmux.run(["send-keys", "-t", pane.id, "-l", "12345"])
            #expect(await eventually { await sandbox.screen(pane.id).contains("12345") })

            let restarted = PaneStreams(tmux: sandbox.tmux, images: PaneImageStore(directory: directory))
            defer { restarted.stop() }
            let after = try await viewer(restarted, pane.id, name)
            #expect(await after.read { $0.text(row: 2) }.contains("12345"))
            #expect(await after.read { $0.cell(row: 0, col: 29).bg } == .indexed(4), "an unchanged row keeps its image")
        }
    }

    @Test func aQuietMirrorIsSavedWithoutAStop() async throws {
        try await TmuxSandbox.with { sandbox in
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("images-\(UUID())")
            defer { try? FileManager.default.removeItem(at: directory) }
            let name = TmuxSandbox.sessionName()
            let pane = try await gatedPane(sandbox, name, gate: "\(name)-go")
            let first = PaneStreams(tmux: sandbox.tmux, images: PaneImageStore(directory: directory))
            let watching = try await viewer(first, pane.id, name)
            try await sandbox.tmux.run(["wait-for", "-S", "\(name)-go"])
            #expect(await eventually { await watching.read { $0.text(row: 1) } == "second" })
            let saved = {
                ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter {
                    $0.hasSuffix(".image")
                }
            }
            #expect(await eventually { !saved().isEmpty })
            let mode =
                try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent(saved()[0]).path)[
                    .posixPermissions] as? Int
            #expect(mode == 0o600)
            // No stop: as if the server had been killed. A new one still starts from the image.
            let restarted = PaneStreams(tmux: sandbox.tmux, images: PaneImageStore(directory: directory))
            defer {
                restarted.stop()
                first.stop()
            }
            let after = try await viewer(restarted, pane.id, name)
            #expect(await after.read { $0.cell(row: 0, col: 29).bg } == .indexed(4))
        }
    }
}
