// The chrome says when the UI only watches: READ-ONLY in the header when every server is
// read-only (else "(read-only)" after each such server), and in the attach status line of a
// read-only server's session, with the refusal of typed keys. Words, not colour, so it reads the
// same at 8 colours and without colour.

import ClientCore
import TUI
import TestSupport
import Testing

@Suite struct ReadOnlyChromeTests {
    func lines(_ state: AppState, depth: ColourDepth) -> [String] {
        let surface = RecordingSurface(size: state.size)
        Renderer(surface: surface, depth: depth, glyphs: .unicode).render(
            state: state, screens: SceneFixtures.screens(rows: state.size.rows - 1, cols: state.size.cols))
        return surface.text().components(separatedBy: "\n")
    }

    @Test(arguments: [ColourDepth.ansi256, .ansi8, .none])
    func theHeaderSaysReadOnly(depth: ColourDepth) {
        var state = SceneFixtures.state(size: GridSize(cols: 140, rows: 16))
        #expect(!lines(state, depth: depth)[0].lowercased().contains("read-only"), "not without the setting")
        state.readOnlyServers = ["local", "remote"]
        #expect(lines(state, depth: depth)[0].contains("claudepm · sessions · READ-ONLY"))
        state.readOnlyServers = ["remote"]
        let header = lines(state, depth: depth)[0]
        #expect(header.contains("remote (read-only)"))
        #expect(!header.contains("local (read-only)"))
        #expect(!header.contains("READ-ONLY"))
    }

    @Test(arguments: [ColourDepth.ansi8, .none])
    func theBadgeIsReadableWithFewOrNoColours(depth: ColourDepth) throws {
        var state = SceneFixtures.state(size: GridSize(cols: 140, rows: 16))
        state.readOnlyServers = ["local", "remote"]
        let renderer = Renderer(surface: RecordingSurface(size: state.size), depth: depth)
        let frame = renderer.frame(state: state, screens: [:]).0
        let header = (0..<frame.size.cols).map { frame[0, $0].text }.joined()
        let start = try #require(
            header.range(of: "READ-ONLY").map { header.distance(from: header.startIndex, to: $0.lowerBound) })
        for col in start..<(start + "READ-ONLY".count) {
            let style = frame[0, col].style
            #expect(style.fg == .default || style.fg != style.bg, "text in its background colour at \(col)")
            #expect(!(style.fg == .indexed(0) && style.bg == .default), "black on default at \(col)")
            if depth == .none { #expect(style.fg == .default && style.bg == .default, "no colour at all") }
        }
    }

    @Test func theAttachStatusLineSaysReadOnlyAndThatKeysWereNotSent() {
        var state = SceneFixtures.state(size: GridSize(cols: 160, rows: 12))
        state.readOnlyServers = ["local"]
        _ = state.reduce(.key(.enter))
        #expect(state.attachedSession == SceneFixtures.fixLogin)
        let status = { self.lines(state, depth: .ansi8).last { !$0.isEmpty } ?? "" }
        #expect(status().contains("READ-ONLY: keys are not sent"))
        _ = state.reduce(.key(.char("x")))
        #expect(status().contains("│ read-only: keys not sent │ C-] detach"), "in the badge's place, not cut off")
        #expect(status().components(separatedBy: "keys not sent").count == 2, "said once")
        state.readOnlyServers = []
        _ = state.reduce(.key(.char("x")))
        #expect(!status().lowercased().contains("read-only"), "a writable server's session says nothing")
    }
}
