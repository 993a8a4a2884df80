// The seam through real tmux, as a property: seeded terminal output (TerminalStreamGenerator, the
// fidelity corpus's kinds of bytes) is printed by one pane in parts, pausing at random cuts; at
// each cut a viewer subscribes and gets the server mirror's snapshot, then the rest of the
// stream as the pane prints it. A second pane prints the whole stream to a viewer that watched it
// from the start. Every late viewer must end exactly as that one: every cell (erased backgrounds
// included), the scrollback, cursor, pen, modes. 20 streams × 10 cuts.
import Foundation
import TerminalScreen
import TestSupport
import Testing

@testable import ServerCore

@Suite(.serialized) struct PaneSeamTests {
    static let streams = Int(ProcessInfo.processInfo.environment["SEAM_STREAMS"] ?? "20") ?? 20
    static let cutsPerStream = 10
    static let firstStream = Int(ProcessInfo.processInfo.environment["SEAM_FIRST"] ?? "1") ?? 1

    @Test func snapshotsAtRandomCutsMeetTheRestExactly() async throws {
        try await TmuxSandbox.with { sandbox in
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("seam-\(UUID())")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let streams = PaneStreams(tmux: sandbox.tmux)
            defer { streams.stop() }
            var failures: [String] = []
            for seed in Self.firstStream...Self.streams {
                failures += try await Self.check(seed: UInt64(seed), sandbox, streams, directory)
            }
            let summary = failures.prefix(5).joined(separator: "\n")
            #expect(failures.isEmpty, "\(failures.count) of \(Self.streams * Self.cutsPerStream) cuts:\n\(summary)")
        }
    }

    /// One stream: its cuts' differences from the viewer that saw it all.
    static func check(
        seed: UInt64, _ sandbox: TmuxSandbox, _ streams: PaneStreams, _ directory: URL
    ) async throws -> [String] {
        let (rows, cols) = seed % 2 == 0 ? (8, 30) : (24, 80)
        var generator = TerminalStreamGenerator(
            seed: seed &* 104_729, rows: rows, cols: cols, avoidingKnownLimits: true)
        let stream = generator.stream(pieces: 150)
        var random = SeededGenerator(seed: seed)
        let cuts = (0..<cutsPerStream).map { _ in Int.random(in: 0...stream.count, using: &random) }.sorted()
        let bounds = [0] + cuts + [stream.count]
        let name = "seam\(seed)"
        let folder = directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for index in 0..<(bounds.count - 1) {
            try Data(stream[bounds[index]..<bounds[index + 1]]).write(to: folder.appendingPathComponent("part\(index)"))
        }
        try Data(stream).write(to: folder.appendingPathComponent("whole"))
        let socket = sandbox.tmux.socketName ?? ""
        let raw = "stty -opost -echo -icanon"
        let whole = try await sandbox.tmux.newSession(
            name: name, cwd: folder.path,
            command: [
                "/bin/sh", "-c", "\(raw); tmux -L \(socket) wait-for \(name)-whole; cat whole; exec sleep 100000",
            ],
            environment: [:], width: cols, height: rows)
        let parts = try await sandbox.tmux.newPane(
            session: name, cwd: folder.path,
            command: [
                "/bin/sh", "-c",
                "\(raw); i=0; while [ $i -lt \(bounds.count - 1) ]; do tmux -L \(socket) wait-for \(name)-$i; cat part$i; i=$((i+1)); done; exec sleep 100000",
            ], environment: [:])
        // Both windows at their size before anyone watches (a later layout change would reseed).
        for pane in [whole.id, parts.id] {
            let size = {
                try? await sandbox.tmux.run(["display-message", "-p", "-t", pane, "#{pane_width}x#{pane_height}"])
            }
            guard
                await eventually(
                    within: 30, { await size()?.trimmingCharacters(in: .whitespacesAndNewlines) == "\(cols)x\(rows)" })
            else { return ["seed \(seed): pane \(pane) is \(await size() ?? "gone"), not \(cols)x\(rows)"] }
        }
        let reference = StreamViewer()
        await reference.start(try streams.subscribe(pane: whole.id, session: name, history: PaneStreams.watchedHistory))
        try streams.watch(pane: parts.id, session: name)
        guard
            await eventually(within: 60, { await reference.snapshots == 1 && streams.fedBytes(pane: parts.id) != nil })
        else {
            let state =
                "reference snapshots \(await reference.snapshots), mirror \(streams.fedBytes(pane: parts.id) ?? -1)"
            return ["seed \(seed): the panes did not start (\(state))"]
        }
        try await sandbox.tmux.run(["wait-for", "-S", "\(name)-whole"])
        var late: [(cut: Int, viewer: StreamViewer)] = []
        for index in 0..<(bounds.count - 1) {
            if index > 0 {
                let viewer = StreamViewer()
                // As much history as the mirror keeps: asking more would seed it again.
                await viewer.start(
                    try streams.subscribe(pane: parts.id, session: name, history: PaneStreams.watchedHistory))
                guard await eventually(within: 30, { await viewer.snapshots == 1 }) else {
                    return ["seed \(seed) cut \(bounds[index]): no snapshot"]
                }
                late.append((bounds[index], viewer))
            }
            try await sandbox.tmux.run(["wait-for", "-S", "\(name)-\(index)"])
            let printed = bounds[index + 1]
            guard await eventually(within: 30, { streams.fedBytes(pane: parts.id) == printed }) else {
                return ["seed \(seed): the mirror took \(streams.fedBytes(pane: parts.id) ?? -1) of \(printed) bytes"]
            }
        }
        guard await eventually(within: 30, { await reference.received == stream.count }), await reference.snapshots == 1
        else {
            return ["seed \(seed): the reference viewer took \(await reference.received) of \(stream.count) bytes"]
        }
        var failures: [String] = []
        let expected = await reference.read { $0.image() }
        for (cut, viewer) in late {
            guard await eventually(within: 30, { await viewer.received == stream.count - cut }) else {
                failures.append(
                    "seed \(seed) cut \(cut): the viewer took \(await viewer.received) of \(stream.count - cut) bytes")
                continue
            }
            if let difference = await viewer.read({ $0.image() }).difference(from: expected) {
                failures.append("seed \(seed) cut \(cut)/\(stream.count): \(difference)")
            }
        }
        try await sandbox.tmux.run(["kill-session", "-t", "=\(name)"])
        return failures
    }
}
