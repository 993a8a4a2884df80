// Viewing and attaching leave no trace (issue 35), against a real tmux with a real client of the
// user attached, under every `window-size`: read-only viewers change nothing; an interactive
// viewer sizes only its pane's window (never under `manual` unless it asks) and the last one to
// leave puts the window back exactly — size, layout, the window's own `window-size` set back or
// unset as it was, the active pane — as does stopping the streams and, for what a killed server
// left on disk, the next start. A change the user made meanwhile is kept.
import Foundation
import TestSupport
import Testing

@testable import ServerCore

@Suite(.serialized) struct WindowSizeRestoreTests {
    static let modes = ["manual", "latest", "largest", "smallest"]

    /// A fresh file for the sizer's records.
    static func recordsFile() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("cpm-sizes-\(UUID().uuidString)")
            .appendingPathComponent("tmux-window-sizes.json")
    }

    /// Runs `body` with the user's tmux under `mode`, torn down afterwards.
    static func withUser(_ mode: String, _ body: (UserTmux) async throws -> Void) async throws {
        try await TmuxSandbox.with { sandbox in
            let user = try await UserTmux.start(sandbox, mode: mode)
            do {
                try await body(user)
            } catch {
                await user.stop()
                throw error
            }
            await user.stop()
        }
    }

    @Test(arguments: modes)
    func viewersLeaveTheUsersTmuxAsItWas(_ mode: String) async throws {
        try await Self.withUser(mode) { user in
            let before = try await user.state()
            let streams = PaneStreams(tmux: user.sandbox.tmux, sizeRecords: Self.recordsFile())
            defer { streams.stop() }
            // The wall: read-only viewers of every pane change nothing.
            var viewers: [StreamViewer] = []
            for pane in user.panes {
                let viewer = StreamViewer()
                await viewer.start(try streams.subscribe(pane: pane, session: user.session, history: 0))
                viewers.append(viewer)
            }
            for viewer in viewers { #expect(await eventually { await viewer.snapshots >= 1 }) }
            #expect(try await user.state() == before, "watching changed tmux")

            // Two interactive viewers of the window with a `window-size` of its own, one of the split
            // window.
            let (a, b, c) = (UUID(), UUID(), UUID())
            let sizedA = try await streams.resize(
                pane: user.panes[2], session: user.session, cols: 140, rows: 39, viewer: a)
            let sizedB = try await streams.resize(
                pane: user.panes[2], session: user.session, cols: 140, rows: 39, viewer: b)
            let sizedC = try await streams.resize(
                pane: user.panes[1], session: user.session, cols: 30, rows: 8, viewer: c)
            if mode == "manual" {
                // The third window sizes by its own `window-size`; the split one inherits manual.
                #expect(sizedA && sizedB)
                #expect(!sizedC, "a window under window-size manual was resized unasked")
                #expect(try await user.size(1) != "30x8")
                // Asked for (the fit key): sized, and put back all the same.
                #expect(
                    try await streams.resize(
                        pane: user.panes[1], session: user.session, cols: 30, rows: 8, viewer: c, fit: true))
            } else {
                #expect(sizedA && sizedB && sizedC)
            }
            #expect(try await user.size(2) == "140x39")
            #expect(try await user.size(1) == "30x8")
            let during = try await user.state()
            let untouched = before.split(separator: "\n").filter {
                $0.hasPrefix("window \(user.windows[0]) ") || $0.hasPrefix("current window") || $0.hasPrefix("global")
            }
            #expect(untouched.allSatisfy { during.contains($0) }, "\(TmuxUserState.difference(before, during))")

            await streams.releaseSize(viewer: c)
            await streams.releaseSize(viewer: a)
            if mode != "manual" {
                #expect(try await user.size(2) == "140x39", "put back while a viewer still sized it")
            }
            await streams.releaseSize(viewer: b)
            await user.expectState(before, "after every viewer left, tmux is not as it was")
        }
    }

    @Test(arguments: modes)
    func stoppingTheStreamsPutsTheWindowsBack(_ mode: String) async throws {
        try await Self.withUser(mode) { user in
            let before = try await user.state()
            let streams = PaneStreams(tmux: user.sandbox.tmux, sizeRecords: Self.recordsFile())
            for (index, pane) in user.panes.enumerated() {
                try await streams.resize(
                    pane: pane, session: user.session, cols: 60 + index, rows: 20, viewer: UUID(), fit: true)
            }
            #expect(try await user.size(0) == "60x20")
            await streams.restoreSizes()
            streams.stop()
            await user.expectState(before, "after the server stopped, tmux is not as it was")
        }
    }

    @Test(arguments: modes)
    func whatAKilledServerLeftIsPutBackAtTheNextStart(_ mode: String) async throws {
        try await Self.withUser(mode) { user in
            let before = try await user.state()
            let file = Self.recordsFile()
            defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
            let killed = PaneStreams(tmux: user.sandbox.tmux, sizeRecords: file)
            try await killed.resize(
                pane: user.panes[2], session: user.session, cols: 140, rows: 39, viewer: UUID(), fit: true)
            try await killed.resize(
                pane: user.panes[1], session: user.session, cols: 20, rows: 6, viewer: UUID(), fit: true)
            // Like SIGKILL: the control clients end, nothing is put back.
            for client in killed.state.withLock({ Array($0.clients.values) }) { kill(client.pid, SIGKILL) }
            killed.stop()
            #expect(try await user.size(2) == "140x39")
            let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
            #expect(mode == 0o600)

            let next = PaneStreams(tmux: user.sandbox.tmux, sizeRecords: file)
            defer { next.stop() }
            await next.restoreLeftoverSizes()
            await user.expectState(before, "after the next start, tmux is not as it was")
            #expect(!FileManager.default.fileExists(atPath: file.path))
        }
    }

    @Test func aChangeTheUserMadeMeanwhileIsKept() async throws {
        try await Self.withUser("latest") { user in
            let streams = PaneStreams(tmux: user.sandbox.tmux, sizeRecords: Self.recordsFile())
            defer { streams.stop() }
            let (a, b) = (UUID(), UUID())
            try await streams.resize(pane: user.panes[0], session: user.session, cols: 140, rows: 39, viewer: a)
            try await streams.resize(pane: user.panes[2], session: user.session, cols: 140, rows: 39, viewer: b)
            try await user.sandbox.tmux.run(["resize-window", "-t", user.windows[0], "-x", "90", "-y", "20"])
            try await user.sandbox.tmux.run(["set-option", "-w", "-t", user.windows[2], "window-size", "largest"])
            await streams.releaseSize(viewer: a)
            await streams.releaseSize(viewer: b)
            #expect(try await user.size(0) == "90x20")
            let own = try await user.sandbox.tmux.run([
                "show-options", "-w", "-v", "-t", user.windows[2], "window-size",
            ])
            #expect(own.trimmed == "largest")
        }
    }

    @Test func aRecordOfAWindowThatIsGoneIsDroppedAndOneOfAnotherTmuxKept() async throws {
        try await Self.withUser("latest") { user in
            let file = Self.recordsFile()
            defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
            let killed = PaneStreams(tmux: user.sandbox.tmux, sizeRecords: file)
            try await killed.resize(pane: user.panes[2], session: user.session, cols: 140, rows: 39, viewer: UUID())
            killed.stop()
            try await user.sandbox.tmux.run(["kill-window", "-t", user.windows[2]])
            // A record of another tmux server's window (another socket) is kept for a server on it.
            var records = WindowSizeLedger(url: file).load().records
            var foreign = try #require(records.first)
            foreign.prior.server.socket = "/elsewhere/tmux-0/other"
            foreign.prior.windowId = user.windows[0]
            records.append(foreign)
            try WindowSizeLedger(url: file).save(records)
            let before = try await user.state()
            let next = PaneStreams(tmux: user.sandbox.tmux, sizeRecords: file)
            defer { next.stop() }
            await next.restoreLeftoverSizes()
            #expect(await next.sizer.recorded == [foreign])
            #expect(WindowSizeLedger(url: file).load().records == [foreign])
            #expect(try await user.state() == before)
        }
    }

    @Test func nothingIsResizedWhenItsRestoreCannotBeRecorded() async throws {
        try await Self.withUser("latest") { user in
            let before = try await user.state()
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cpm-ro-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            // A regular file where the records' directory should be: nothing can be written there.
            let blocker = directory.appendingPathComponent("data")
            try Data().write(to: blocker)
            let streams = PaneStreams(
                tmux: user.sandbox.tmux, sizeRecords: blocker.appendingPathComponent("sizes.json"))
            defer { streams.stop() }
            let sized = try await streams.resize(
                pane: user.panes[2], session: user.session, cols: 140, rows: 39, viewer: UUID())
            #expect(!sized)
            #expect(try await user.state() == before)
        }
    }
}
