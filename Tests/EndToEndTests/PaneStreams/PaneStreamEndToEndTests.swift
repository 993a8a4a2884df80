// Pane streams end to end: real claudepm-server (demo), real tmux, the client's WebSocket stack
// (PTYConnection) and emulator. For each screen program the viewer's screen equals tmux's own
// `capture-pane -p -e` of the pane cell for cell (characters, attributes, colours), plus the
// modes a snapshot must carry (alternate screen, mouse).
import ClaudePMProtocol
import ClientCore
import ClientNetwork
import Foundation
import TerminalScreen
import TestSupport
import Testing

@Suite(.serialized) struct PaneStreamEndToEndTests {
    /// Starts each program in a window of the demo's tmux session and adopts it (discover).
    static func adopt(_ programs: [PaneProgram], server: DemoServer, rest: RESTClient) async throws -> [String: Session]
    {
        var panes: [String: String] = [:]
        for program in programs {
            let pane = try await server.demoTmux([
                "new-window", "-d", "-P", "-F", "#{pane_id}", "-t", "=claudepm-demo:",
                "/bin/sh", "-c", program.command,
            ])
            panes[program.name] = pane.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        _ = try await rest.perform("POST", "/api/sessions/discover", body: Data("{}".utf8), resource: "discover")
        let sessions = try await rest.sessions()
        var result: [String: Session] = [:]
        for (name, pane) in panes { result[name] = sessions.first { $0.paneId == pane } }
        return result
    }

    static func compare(
        _ program: PaneProgram, session: Session, server: DemoServer, config: ServerConfig
    ) async throws {
        let viewer = PaneViewer(server: config, sessionId: session.id)
        await viewer.start()
        try await stopping(viewer) { viewer in
            let shown = await eventually(within: 30) { await viewer.read { $0.search(program.ready).count } > 0 }
            #expect(shown, "\(program.name): never showed \(program.ready)")
            var last = ""
            let equal = await eventually(within: 20) {
                let size = try? await server.demoTmux([
                    "display-message", "-p", "-t", session.paneId, "#{pane_width} #{pane_height}",
                ])
                let parts = (size ?? "").split(separator: " ").compactMap {
                    Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
                }
                guard parts.count == 2,
                    let capture = try? await server.demoTmux(["capture-pane", "-p", "-e", "-N", "-t", session.paneId])
                else { return false }
                let reference = CellDump.reference(capture: capture, cols: parts[0], rows: parts[1])
                let stream = await viewer.read { CellDump.rows($0) }
                last = CellDump.firstDifference(stream, reference)
                return stream == reference
            }
            #expect(equal, "\(program.name): \(last)")
            let alternate = try await server.demoTmux([
                "display-message", "-p", "-t", session.paneId, "#{alternate_on}",
            ])
            #expect(
                await viewer.read { $0.isAltScreen } == (alternate.hasPrefix("1")), "\(program.name): alternate screen")
        }
    }

    @Test func everyProgramIsShownExactlyAsTmuxHasIt() async throws {
        try await StreamWorld.with { world in
            let file = world.server.directory.appendingPathComponent("sample.txt")
            let text = "READY-file\n" + (1...80).map { "line \($0) plain text ─ 漢 é" }.joined(separator: "\n") + "\n"
            try text.write(to: file, atomically: true, encoding: .utf8)
            let programs: [PaneProgram] = [
                .before, .alternateMouse, .scrollRegion, .truecolor, .vim(file: file.path), .less(file: file.path),
                .printing,
            ]
            let sessions = try await Self.adopt(programs, server: world.server, rest: world.rest)
            for program in programs {
                let session = try #require(sessions[program.name], "\(program.name) was not adopted")
                try await Self.compare(program, session: session, server: world.server, config: world.config)
            }
        }
    }

    @Test func mouseModeAndScrollbackReachTheViewer() async throws {
        try await StreamWorld.with { world in
            let lines = PaneProgram(
                name: "lines", command: "i=1; while [ $i -le 500 ]; do echo \"number $i\"; i=$((i+1)); done; exec cat",
                ready: "number 500")
            let sessions = try await Self.adopt([.alternateMouse, lines], server: world.server, rest: world.rest)
            let alt = try #require(sessions["alt-mouse"])
            let mouseViewer = PaneViewer(server: world.config, sessionId: alt.id)
            await mouseViewer.start()
            #expect(await eventually { await mouseViewer.read { $0.search("READY-alt").count } > 0 })
            #expect(await mouseViewer.read { $0.mouseMode } == .drag)
            await mouseViewer.stop()
            let scroll = try #require(sessions["lines"])
            let viewer = PaneViewer(server: world.config, sessionId: scroll.id)
            await viewer.start()
            #expect(await eventually { await viewer.read { $0.search("number 500").count } > 0 })
            // Line 17 scrolled off long ago: it is in the viewer's scrollback.
            let rows = await viewer.read { $0.rows }
            #expect(await viewer.read { $0.scrollbackCount } >= 500 - rows)
            let hit = await viewer.read { $0.search("number 17").first }
            let match = try #require(hit)
            let text = await viewer.read { TerminalScreen.text(of: $0.historyLine(match.line)) }
            #expect(text.hasPrefix("number 17"))
            await viewer.stop()
        }
    }
}
