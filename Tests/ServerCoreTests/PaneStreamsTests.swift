// PaneStreams against a real tmux: a viewer's emulator, fed the snapshot and then the stream,
// equals the pane cell for cell; the seam loses and doubles nothing while the pane prints;
// input and resizes go through the control client; `window-size manual` survives everything.
import Foundation
import TerminalScreen
import TestSupport
import Testing

@testable import ServerCore

/// Feeds a subscription into an emulator until `condition` holds on it.
actor StreamViewer {
    let screen = TerminalScreen(rows: 24, cols: 80, scrollbackLimit: 100_000)
    private(set) var snapshots = 0
    private(set) var ended: String?
    /// Each snapshot's history rows, and the stream bytes received since the last one (for
    /// telling a seam fault from a stream fault when a test fails).
    private(set) var snapshotHistory: [Int] = []
    private(set) var streamSinceSnapshot: [UInt8] = []
    /// Bytes of output received since the last snapshot.
    var received: Int { streamSinceSnapshot.count }
    private var task: Task<Void, Never>?

    func start(_ subscription: PaneSubscription) {
        task = Task { [weak self] in
            while let event = await subscription.next() { await self?.apply(event) }
        }
    }

    private func apply(_ event: PaneStreamEvent) {
        switch event {
        case .snapshot(let snapshot):
            snapshots += 1
            snapshotHistory.append(snapshot.historyRows)
            streamSinceSnapshot = []
            screen.reset(hard: true)
            screen.resize(rows: snapshot.rows, cols: snapshot.cols)
            screen.feed(snapshot.bytes)
        case .output(let bytes):
            streamSinceSnapshot += bytes
            screen.feed(bytes)
        case .ended(let reason): ended = reason
        }
    }

    func read<T: Sendable>(_ body: (TerminalScreen) -> T) -> T { body(screen) }
}

@Suite(.serialized) struct PaneStreamsTests {
    /// A session whose pane runs `cat`, streamed to a viewer that has its first snapshot.
    static func catPane(
        _ sandbox: TmuxSandbox, _ name: String
    ) async throws -> (PaneInfo, PaneStreams, StreamViewer) {
        let pane = try await sandbox.tmux.newSession(
            name: name, cwd: "/tmp", command: ["/bin/sh", "-c", "exec cat"], environment: [:], width: 80, height: 24)
        let streams = PaneStreams(tmux: sandbox.tmux)
        let viewer = StreamViewer()
        await viewer.start(try streams.subscribe(pane: pane.id, session: name, history: 10))
        #expect(await eventually { await viewer.snapshots == 1 })
        return (pane, streams, viewer)
    }

    /// Every visible cell of `screen` as text plus attributes and colours.
    static func cells(_ screen: TerminalScreen) -> [String] {
        (0..<screen.rows).map { r in
            screen.row(r).map { "\($0.text)|\($0.attrs.rawValue)|\($0.fg)|\($0.bg)" }.joined(separator: " ")
        }
    }

    /// The pane as tmux has it now, rebuilt in an emulator from a seed of a second PaneStreams (its
    /// own control client and captures: not the mirror the viewer under test was fed from).
    static func reference(_ streams: PaneStreams, pane: String, session: String) async throws -> [String] {
        let fresh = PaneStreams(tmux: streams.tmux)
        defer { fresh.stop() }
        let sub = try fresh.subscribe(pane: pane, session: session, history: 0)
        defer { sub.cancel() }
        guard case .snapshot(let snap)? = await sub.next() else { return [] }
        let screen = TerminalScreen(rows: snap.rows, cols: snap.cols)
        screen.feed(snap.bytes)
        return cells(screen)
    }

    @Test func snapshotThenStreamEqualsThePaneCellForCell() async throws {
        try await TmuxSandbox.with { sandbox in
            let name = TmuxSandbox.sessionName()
            let script =
                #"printf '\033[1;31mred bold\033[0m \033[38;2;10;200;30mtruecolor\033[0m\n漢字 wide\n'; exec cat"#
            let pane = try await sandbox.tmux.newSession(
                name: name, cwd: "/tmp", command: ["/bin/sh", "-c", script], environment: [:], width: 60, height: 12)
            #expect(await eventually { await sandbox.screen(pane.id).contains("wide") })
            let streams = PaneStreams(tmux: sandbox.tmux)
            defer { streams.stop() }
            let viewer = StreamViewer()
            await viewer.start(try streams.subscribe(pane: pane.id, session: name, history: 100))
            #expect(await eventually { await viewer.read { $0.text(row: 1) }.contains("漢字") })
            try streams.input(pane: pane.id, session: name, bytes: Array("\u{1B}[4munder\u{1B}[0m typed\r".utf8))
            #expect(await eventually { await viewer.read { $0.text(row: 2) }.contains("typed") })
            let expected = try await Self.reference(streams, pane: pane.id, session: name)
            #expect(await eventually { await viewer.read { Self.cells($0) } == expected })
            #expect(await viewer.read { $0.cols } == 60)
        }
    }

    @Test func theSeamLosesAndDoublesNothingWhileThePanePrints() async throws {
        try await TmuxSandbox.with { sandbox in
            let name = TmuxSandbox.sessionName()
            let script =
                "i=0; while [ $i -lt 50000 ]; do i=$((i+1)); echo n$i; [ $((i % 200)) -eq 0 ] && sleep 0.01; done; exec cat"
            _ = try await sandbox.tmux.newSession(
                name: name, cwd: "/tmp", command: ["sleep", "300"], environment: [:], width: 40, height: 10)
            try await sandbox.tmux.run(["set-option", "-g", "history-limit", "100000"])
            let pane = try await sandbox.tmux.newPane(
                session: name, cwd: "/tmp", command: ["/bin/sh", "-c", script], environment: [:])
            // The script has started once any "n<digits>" line shows (by then it may be far past n1).
            #expect(await eventually { await sandbox.screen(pane.id).contains(/n[0-9]/) })
            let streams = PaneStreams(tmux: sandbox.tmux)
            defer { streams.stop() }
            let viewer = StreamViewer()
            await viewer.start(try streams.subscribe(pane: pane.id, session: name, history: 100_000))
            #expect(await eventually(within: 120) { await viewer.read { $0.search("n50000").count } > 0 })
            let numbers: [Int] = await viewer.read { screen in
                (0..<screen.historyCount).compactMap { i in
                    let text = TerminalScreen.text(of: screen.historyLine(i)).trimmingCharacters(in: .whitespaces)
                    return text.hasPrefix("n") ? Int(text.dropFirst()) : nil
                }
            }
            let first = try #require(numbers.first)
            let seam = zip(numbers, numbers.dropFirst()).first { $0.1 != $0.0 + 1 }
            if let seam {
                let stream = String(decoding: await viewer.streamSinceSnapshot, as: UTF8.self)
                let history = await viewer.snapshotHistory
                let inStream = stream.contains("n\(seam.0 + 1)\r\n")
                Issue.record(
                    "the stream jumps from \(seam.0) to \(seam.1); snapshots' history rows \(history); n\(seam.0 + 1) in the stream since the last snapshot: \(inStream); that stream starts \(stream.prefix(40).debugDescription)"
                )
            }
            #expect(numbers.last == 50_000 && first <= 2)
        }
    }

    @Test func interactiveResizeSendsANewSnapshotAndReleaseGivesTheSizeBack() async throws {
        try await TmuxSandbox.with { sandbox in
            let name = TmuxSandbox.sessionName()
            let (pane, streams, viewer) = try await Self.catPane(sandbox, name)
            defer { streams.stop() }
            let sizer = UUID()
            try await streams.resize(pane: pane.id, session: name, cols: 50, rows: 10, viewer: sizer)
            #expect(await eventually { await viewer.read { ($0.cols, $0.rows) } == (50, 10) })
            #expect(await viewer.snapshots >= 2)
            await streams.releaseSize(viewer: sizer)
            let option = try await sandbox.tmux.run(["show-options", "-w", "-t", pane.id, "window-size"])
            #expect(option.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
        }
    }

    @Test func aClosedPaneEndsTheStream() async throws {
        try await TmuxSandbox.with { sandbox in
            let name = TmuxSandbox.sessionName()
            _ = try await sandbox.tmux.newSession(
                name: name, cwd: "/tmp", command: ["sleep", "300"], environment: [:], width: 80, height: 24)
            let pane = try await sandbox.tmux.newPane(
                session: name, cwd: "/tmp", command: ["sleep", "300"], environment: [:])
            let streams = PaneStreams(tmux: sandbox.tmux)
            defer { streams.stop() }
            let viewer = StreamViewer()
            await viewer.start(try streams.subscribe(pane: pane.id, session: name, history: 0))
            #expect(await eventually { await viewer.snapshots == 1 })
            try await sandbox.tmux.killPane(pane.id)
            #expect(await eventually { await viewer.ended != nil })
        }
    }

    @Test(arguments: ["manual", "latest", "largest"])
    func tmuxSurvivesStreamsUnderEveryWindowSize(_ mode: String) async throws {
        try await TmuxSandbox.with { sandbox in
            let name = TmuxSandbox.sessionName()
            _ = try await sandbox.tmux.newSession(
                name: name, cwd: "/tmp", command: ["sleep", "300"], environment: [:], width: 80, height: 24)
            try await sandbox.tmux.run(["set-option", "-g", "window-size", mode])
            var panes: [PaneInfo] = []
            for _ in 0..<3 {
                panes.append(
                    try await sandbox.tmux.newPane(
                        session: name, cwd: "/tmp", command: ["/bin/sh", "-c", "echo up; exec cat"], environment: [:]))
            }
            let streams = PaneStreams(tmux: sandbox.tmux)
            var viewers: [StreamViewer] = []
            for pane in panes {
                let viewer = StreamViewer()
                await viewer.start(try streams.subscribe(pane: pane.id, session: name, history: 10))
                viewers.append(viewer)
            }
            for viewer in viewers { #expect(await eventually { await viewer.snapshots >= 1 }) }
            let sizer = UUID()
            try await streams.resize(pane: panes[0].id, session: name, cols: 70, rows: 20, viewer: sizer, fit: true)
            try streams.input(pane: panes[0].id, session: name, bytes: Array("still here\r".utf8))
            #expect(await eventually { await viewers[0].read { $0.search("still here").count } > 0 })
            await streams.releaseSize(viewer: sizer)
            streams.stop()
            #expect(await sandbox.tmux.hasSession(name))
            #expect(try await sandbox.tmux.listPanes(session: name).count == 4)
            let other = panes.map(\.width)
            #expect(other.allSatisfy { $0 > 0 })
        }
    }

    @Test func aDeadControlClientIsRestartedAndViewersStartOver() async throws {
        try await TmuxSandbox.with { sandbox in
            let name = TmuxSandbox.sessionName()
            let pane = try await sandbox.tmux.newSession(
                name: name, cwd: "/tmp", command: ["/bin/sh", "-c", "echo first; exec cat"], environment: [:],
                width: 80, height: 24)
            let streams = PaneStreams(tmux: sandbox.tmux)
            defer { streams.stop() }
            let viewer = StreamViewer()
            await viewer.start(try streams.subscribe(pane: pane.id, session: name, history: 10))
            #expect(await eventually { await viewer.snapshots == 1 })
            let client = try #require(streams.state.withLock { $0.clients[name] })
            kill(client.pid, SIGKILL)
            #expect(await eventually { await viewer.snapshots >= 2 })
            try streams.input(pane: pane.id, session: name, bytes: Array("after restart\r".utf8))
            #expect(await eventually { await viewer.read { $0.search("after restart").count } > 0 })
            #expect(await viewer.ended == nil)
        }
    }

    @Test func aPausedPaneIsResumedWithAFreshSnapshot() async throws {
        try await TmuxSandbox.with { sandbox in
            let name = TmuxSandbox.sessionName()
            let (pane, streams, viewer) = try await Self.catPane(sandbox, name)
            defer { streams.stop() }
            // What tmux sends when this client falls `pause-after` seconds behind on the pane.
            streams.handle(.pause(pane: pane.id), session: name)
            #expect(await eventually { await viewer.snapshots == 2 })
            try streams.input(pane: pane.id, session: name, bytes: Array("resumed\r".utf8))
            #expect(await eventually { await viewer.read { $0.search("resumed").count } > 0 })
        }
    }

    @Test func watchingNeverStartsATmuxServer() async throws {
        let sandbox = TmuxSandbox()
        let streams = PaneStreams(tmux: sandbox.tmux)
        defer { streams.stop() }
        try? streams.watch(session: "nobody")
        #expect(await eventually { streams.state.withLock { $0.clients["nobody"]?.isClosed ?? true } })
        #expect(!(await sandbox.tmux.hasSession("nobody")))
        let listing = try? await sandbox.tmux.run(["list-sessions"])
        #expect(listing == nil, "a tmux server is running: \(listing ?? "")")
        await sandbox.tmux.killServer()
    }
}
