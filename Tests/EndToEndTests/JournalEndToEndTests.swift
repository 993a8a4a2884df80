// Rewind against tmux itself: a session draws three screens (shell text with erase-with-background
// and DEC line drawing; a full-screen program on the alternate screen with a scroll region and a
// colour carried over a line break; back to the shell), waiting for Enter after each. At each
// moment tmux's own capture of the pane is kept; afterwards, claudepm-server's journal is asked
// for the screen at each moment (`GET …/journal/screen?at=`), that screen is drawn into a fresh
// tmux pane of the same size, and the two captures must be equal cell for cell. Every erased row
// ends in text, so the erased cells lie before the last written one, where a capture sees them.
// A search (`GET …/journal/search`) finds each stage's text at a moment whose screen is that
// stage's, also where a later screen hid it. Each stage is one printf, so one write: a hit's moment
// is when its text first came on screen, and a stage written in pieces would have moments that
// show its first lines without its last. Then `claudepm export` writes the recording and
// `asciinema play` must end on the last screen, and R in the real UI shows the session rewound,
// and `/` there shows the past screen a text was on.
import ClaudePMProtocol
import Foundation
import TestSupport
import Testing

extension UIEndToEndTests {
    static let stages = #"""
        read x
        printf '\033[1;31mred\033[0m plain \033[44mblue erased\033[K\033[50Gend\033[0m\n\033(0lqqqqk\033(B box\n\033(0x    x\033(B\n\033(0mqqqqj\033(B\nSTAGE-1\n'; read x
        printf '\033[?1049h\033[2J\033[H\033[38;5;208mfull screen\ncarried over\033[0m\n\033[5;10r\033[10Hscroll 1\nscroll 2\nscroll 3\nscroll 4\nscroll 5\nscroll 6\nscroll 7\n\033[r\033[20H\033[42m green \033[K\033[40Gtail\033[0m\033[22HSTAGE-2'; read x
        printf '\033[?1049lback on the shell \033[7mreverse\033[0m\nSTAGE-3\n'; read x
        exec cat
        """#

    @Test("the journal's screen at each of three moments equals tmux's capture of it; an export plays to the last")
    func rewoundScreensEqualTmuxsCaptures() async throws {
        try await UIWorld.with { world in
            try #require(await world.waitForSessions().ok, "sessions not listed")
            let script = world.server.directory.appendingPathComponent("stages.sh")
            try Data(Self.stages.utf8).write(to: script)
            let session = try await adoptWindow(world, "exec bash \(script.path)")
            let pane = session.paneId
            _ = try await world.server.demoTmux(["resize-window", "-t", pane, "-x", "80", "-y", "24"])
            let sized = await eventuallyValue {
                try? await world.server.demoTmux(["display", "-p", "-t", pane, "#{pane_width}x#{pane_height}"])
            } ready: {
                $0?.hasPrefix("80x24") == true
            }
            try #require(sized == true, "the window did not take 80x24")
            var moments: [(at: Int64, capture: String)] = []
            for stage in 1...3 {
                let sent = Int64(Date().timeIntervalSince1970 * 1000)
                _ = try await world.server.demoTmux(["send-keys", "-t", pane, "Enter"])
                let marker = "STAGE-\(stage)"
                let drawn = await eventually(within: 30) {
                    (try? await world.server.demoTmux(["capture-pane", "-p", "-t", pane]))?.contains(marker) == true
                }
                try #require(drawn, "stage \(stage) was not drawn")
                let capture = try await world.server.demoTmux(["capture-pane", "-p", "-e", "-N", "-t", pane])
                // The journal has it once its screen of now shows the marker.
                var at: Int64?
                let journaled = await eventually(within: 30) {
                    let now = Int64(Date().timeIntervalSince1970 * 1000)
                    guard let screen = try? await Self.journalScreen(world, session.id, at: now),
                        screen.data.contains(marker)
                    else { return false }
                    at = screen.atMs
                    return true
                }
                try #require(journaled, "the journal does not show stage \(stage)")
                moments.append((try #require(at), capture))
                // The stage's burst (output after its Enter) has ended, a second without output,
                // before the next starts, so a search looks at this screen as the program left it.
                // The screen's time is its last record's, which may be a later keyframe or mark.
                let ended = await eventually(within: 30) {
                    let summary = try? await world.rest.journal(session: session.id)
                    let last = summary?.activity.last?.toMs ?? .max
                    return last >= sent && Int64(Date().timeIntervalSince1970 * 1000) - last > 1_100
                }
                try #require(ended, "stage \(stage)'s burst did not end")
            }
            for (index, moment) in moments.enumerated() {
                let screen = try await Self.journalScreen(world, session.id, at: moment.at)
                #expect(screen.rows == 24 && screen.cols == 80)
                let drawn = try await Self.drawnInTmux(screen.data, in: world.server.directory, name: "moment\(index)")
                Self.expectSameRows(drawn, moment.capture, what: "the screen at stage \(index + 1)")
            }
            // The export plays in asciinema and ends on the last screen.
            let cast = world.server.directory.appendingPathComponent("export.cast")
            let exported = try await Subprocess.run(
                [
                    "/bin/sh", "-c",
                    "'\(Binaries.path("claudepm"))' export \(session.id) --url \(world.server.url) --from \(moments[0].at - 5000) > '\(cast.path)'",
                ], environment: UIWorld.environment(world.server.directory))
            try #require(exported.status == 0, "export failed: \(exported.output)")
            if FileManager.default.isExecutableFile(atPath: "/usr/bin/asciinema") {
                let played = try await Self.playedInTmux(cast, in: world.server.directory)
                Self.expectSameRows(played, moments[2].capture, what: "asciinema's last screen of the export")
            }
            // A search of its past screens finds the moments a text came on screen: the blue line
            // at stages 1 and 3 (the alternate screen hid it between), the scroll region's last line
            // at stage 2 only, though no screen shows it now; each hit's screen is that stage's.
            let blue = try await world.rest.journalSearch(session: session.id, query: "BLUE erased")
            try #require(blue.hits.count == 2, "\(blue.hits)")
            let scrolled = try await world.rest.journalSearch(session: session.id, query: "scroll 7")
            try #require(scrolled.hits.count == 1, "\(scrolled.hits)")
            for (index, hit) in [(0, blue.hits[0]), (1, scrolled.hits[0]), (2, blue.hits[1])] {
                let screen = try await Self.journalScreen(world, session.id, at: hit.atMs)
                let drawn = try await Self.drawnInTmux(screen.data, in: world.server.directory, name: "hit\(index)")
                Self.expectSameRows(
                    drawn, moments[index].capture, what: "the screen of a search hit at stage \(index + 1)")
            }
            #expect(scrolled.hits[0].line.hasPrefix("scroll 7") && scrolled.hits[0].col == 0)
            // R in the UI rewinds the session.
            _ = try await world.rest.perform(
                "PATCH", "/api/sessions/\(session.id)/rename", body: Data(#"{"name":"journal-probe"}"#.utf8),
                resource: "rename")
            let listed = await world.tmux.waitForScreen(timeout: 60) { $0.contains("journal-probe") }
            try #require(listed.ok, "the session is not listed:\n\(listed.screen)")
            try await world.select(rowContaining: "journal-probe")
            let rewound = try await world.tmux.press("R", timeout: 30) {
                $0.contains("REWIND") && $0.contains("STAGE-3")
            }
            #expect(rewound.ok, "R did not show the session rewound:\n\(rewound.screen)")
            // `/` in rewind searches the past screens and shows the stage 2 screen it found.
            try await world.tmux.send(keys: "/")
            try await world.tmux.type("scroll 7")
            let found = try await world.tmux.press("Enter", timeout: 30) {
                $0.contains("/scroll 7 1/1") && $0.contains("full screen") && !$0.contains("STAGE-3")
            }
            #expect(found.ok, "/ did not show the past screen with the text:\n\(found.screen)")
            let live = try await world.tmux.press("Escape", timeout: 30) { !$0.contains("REWIND") }
            #expect(live.ok, "Esc did not go back to live:\n\(live.screen)")
            try await world.quitAndExpectRestored()
        }
    }

    private static func journalScreen(_ world: UIWorld, _ id: String, at: Int64) async throws -> JournalScreen {
        try await world.rest.decode(
            JournalScreen.self, "GET", "/api/sessions/\(id)/journal/screen", query: [("at", String(at))],
            resource: "screen")
    }

    /// `data` drawn into a fresh 80×24 tmux pane, captured as the pane's was.
    private static func drawnInTmux(_ data: String, in directory: URL, name: String) async throws -> String {
        let file = directory.appendingPathComponent("\(name).screen")
        try Data(data.utf8).write(to: file)
        return try await stopping(
            TmuxHarness.start(
                command: ["/bin/sh", "-c", "cat '\(file.path)'; touch '\(file.path).done'; exec sleep 600"], cols: 80,
                rows: 24,
                environment: ["PATH": "/usr/bin:/bin", "TERM": "xterm-256color", "LANG": "C.UTF-8"])
        ) { viewer in
            _ = await eventually(within: 30) { FileManager.default.fileExists(atPath: file.path + ".done") }
            return try await viewer.tmux(["capture-pane", "-p", "-e", "-N", "-t", viewer.target])
        }
    }

    /// `cast` played by asciinema in an 80×24 tmux pane, captured once it ended.
    private static func playedInTmux(_ cast: URL, in directory: URL) async throws -> String {
        let done = cast.path + ".played"
        return try await stopping(
            TmuxHarness.start(
                command: ["/bin/sh", "-c", "asciinema play -i 0.1 '\(cast.path)'; touch '\(done)'; exec sleep 600"],
                cols: 80,
                rows: 24,
                environment: [
                    "PATH": "/usr/bin:/bin", "TERM": "xterm-256color", "LANG": "C.UTF-8", "HOME": directory.path,
                ])
        ) { player in
            _ = await eventually(within: 120) { FileManager.default.fileExists(atPath: done) }
            return try await player.tmux(["capture-pane", "-p", "-e", "-N", "-t", player.target])
        }
    }

    private static func expectSameRows(
        _ got: String, _ want: String, what: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let a = ReplayEndToEndTests.graphicsAsUnicode(got).split(separator: "\n", omittingEmptySubsequences: false)
        // tmux keeps DEC graphics cells as their letters with the set, where the image draws the
        // characters: both read the same way.
        let b = ReplayEndToEndTests.graphicsAsUnicode(want).split(separator: "\n", omittingEmptySubsequences: false)
        for row in 0..<24 {
            let x = row < a.count ? String(a[row]) : ""
            let y = row < b.count ? String(b[row]) : ""
            #expect(
                x == y, "\(what), row \(row):\n  journal: \(x.debugDescription)\n  tmux:    \(y.debugDescription)",
                sourceLocation: sourceLocation)
        }
    }

    /// Polls `value` until `ready` holds (30 s); whether it did.
    private func eventuallyValue<T: Sendable>(
        _ value: @escaping () async -> T, ready: @escaping (T) -> Bool
    ) async -> Bool {
        await eventually(within: 30) { ready(await value()) }
    }
}
