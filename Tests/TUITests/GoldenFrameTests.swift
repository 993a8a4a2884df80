// Scenes rendered into a RecordingSurface and compared with committed golden text frames.

import ClientCore
import Foundation
import TUI
import TerminalScreen
import TestSupport
import Testing

@Suite struct GoldenFrameTests {
    /// Renders `state` through a fresh renderer and returns the surface's text.
    func render(
        _ state: AppState, screens: [SessionKey: TerminalScreen] = SceneFixtures.screens(), glyphs: Glyphs = .unicode
    ) -> (RecordingSurface, Renderer) {
        let surface = RecordingSurface(size: state.size)
        let renderer = Renderer(surface: surface, depth: .ansi256, glyphs: glyphs)
        renderer.render(state: state, screens: screens)
        return (surface, renderer)
    }

    @Test func sessionListNarrow() throws {
        let state = SceneFixtures.state(size: GridSize(cols: 70, rows: 14))
        #expect(state.layout.kind == .listOnly)
        try Golden.check("list-narrow-70x14", render(state).0.text())
    }

    @Test func wallBelowList() throws {
        let state = SceneFixtures.state(size: GridSize(cols: 120, rows: 40))
        #expect(state.layout.kind == .listAbove)
        #expect(state.visibleTiles.count == 4)
        let text = render(state).0.text()
        #expect(text.contains("Do you want to proceed?"))
        #expect(text.contains("42 tests passed"))
        try Golden.check("wall-120x40", text)
    }

    @Test func wallBesideList() throws {
        let state = SceneFixtures.state(size: GridSize(cols: 160, rows: 30))
        #expect(state.layout.kind == .listBeside)
        try Golden.check("wall-beside-160x30", render(state).0.text())
    }

    @Test func zoomedTile() throws {
        var state = SceneFixtures.state(size: GridSize(cols: 90, rows: 20))
        _ = state.reduce(.key(.char("z")))
        #expect(state.layout.kind == .zoom)
        try Golden.check("zoom-90x20", render(state).0.text())
    }

    @Test func attachWithStatusLine() throws {
        var state = SceneFixtures.state(size: GridSize(cols: 60, rows: 12))
        _ = state.reduce(.key(.char("j")))
        _ = state.reduce(.key(.enter))
        let screens = SceneFixtures.screens(rows: 11, cols: 60)
        let (surface, _) = render(state, screens: screens)
        #expect(surface.cursor != nil)
        try Golden.check("attach-60x12", surface.text())
    }

    /// A banner offers y/n once it has been up, unchanged, for the answer grace.
    @Test func banner() throws {
        var state = SceneFixtures.state(size: GridSize(cols: 100, rows: 14))
        _ = state.reduce(SceneFixtures.fixLoginWaits)
        let fresh = render(state).0.text()
        #expect(fresh.contains("Fix login: permission_prompt") && !fresh.contains("y/n"), "\(fresh)")
        _ = state.reduce(.tick(state.now, state.clock + state.ui.answerGrace))
        try Golden.check("banner-100x14", render(state).0.text())
    }

    /// A question banner offers a reply, y opens the answer box naming its target, and the
    /// confirmation of an answer names it too.
    @Test func aQuestionBannerOpensTheAnswerBox() throws {
        var state = SceneFixtures.state(size: GridSize(cols: 100, rows: 14))
        _ = state.reduce(
            .sessionWaiting(SceneFixtures.docs, waiting: true, reason: .question, at: SceneFixtures.now))
        _ = state.reduce(.tick(state.now, state.clock + state.ui.answerGrace))
        let banner = render(state).0.text()
        #expect(banner.contains("y/n reply · o open · d dismiss"), "\(banner)")
        var wide = state
        _ = wide.reduce(.resized(GridSize(cols: 180, rows: 14)))
        let wideBanner = render(wide).0.text()
        #expect(wideBanner.contains("y/n reply · o open · R rewind · d dismiss"), "where there is room: \(wideBanner)")
        _ = state.reduce(.key(.char("y")))
        for character in "yes" { _ = state.reduce(.key(.char(character))) }
        let box = render(state).0.text()
        #expect(box.contains("Answer CSM-002: question (Enter sends, Esc cancels)"), "\(box)")
        #expect(box.contains("yes_"))
        _ = state.reduce(.key(.enter))
        #expect(render(state).0.text().contains(" answering CSM-002: question…"))
    }

    @Test func notificationPanel() throws {
        var state = SceneFixtures.state(size: GridSize(cols: 80, rows: 14))
        _ = state.reduce(.notificationsLoaded(server: "local", items: SceneFixtures.notifications(), resync: true))
        state.notifications.markRead(ClientNotification.Key(server: "local", id: "n2"))
        _ = state.reduce(.key(.char("b")))
        try Golden.check("notifications-80x14", render(state).0.text())
    }

    @Test func boardWithChips() throws {
        var state = SceneFixtures.state(size: GridSize(cols: 100, rows: 16))
        _ = state.reduce(.projectsLoaded(server: "local", projects: [SceneFixtures.project]))
        _ = state.reduce(.key(.char("g")))
        _ = state.reduce(.key(.char("b")))
        _ = state.reduce(.ticketsLoaded(project: SceneFixtures.project, tickets: SceneFixtures.tickets()))
        _ = state.reduce(.key(.char("f")))
        _ = state.reduce(.key(.char("l")))
        _ = state.reduce(.key(.char(" ")))
        _ = state.reduce(.key(.char("l")))
        _ = state.reduce(.key(.char(" ")))
        _ = state.reduce(.key(.escape))
        #expect(state.board.selectedPrefixes == ["ADHOC", "CSM"])
        try Golden.check("board-100x16", render(state).0.text())
    }

    @Test func helpOverlay() throws {
        var state = SceneFixtures.state(size: GridSize(cols: 80, rows: 40))
        _ = state.reduce(.key(.char("?")))
        let text = render(state).0.text()
        for binding in Keymap.bindings(.sessions) { #expect(text.contains(binding.help)) }
        try Golden.check("help-80x40", text)
    }

    /// At 80x24 the help does not fit: the keys that work everywhere come first, a sign on the
    /// bottom border says how many lines are below, and after G one on the top says how many
    /// are above; at 20x6 the same signs fit.
    @Test(arguments: [GridSize(cols: 80, rows: 24), GridSize(cols: 20, rows: 6)])
    func helpOverlayScrolls(size: GridSize) throws {
        var state = SceneFixtures.state(size: size)
        _ = state.reduce(.key(.char("?")))
        let top = render(state).0.text()
        let name = "help-\(size.cols)x\(size.rows)"
        #expect(top.contains("Everywhere"))
        #expect(top.contains("more"), "no sign of the lines below:\n\(top)")
        #expect(!top.contains("above"))
        try Golden.check(name, top)
        _ = state.reduce(.key(.char("G")))
        let bottom = render(state).0.text()
        #expect(bottom.contains("above"), "no sign of the lines above:\n\(bottom)")
        #expect(!bottom.contains("more ·"))
        let last = try #require(Keymap.bindings(.sessions).last)
        if size.cols >= 80 { #expect(bottom.contains(last.help)) }
        try Golden.check(name + "-end", bottom)
    }

    @Test func asciiFallback() throws {
        let state = SceneFixtures.state(size: GridSize(cols: 120, rows: 30))
        let text = render(state, glyphs: .ascii).0.text()
        #expect(!text.contains("┌"))
        try Golden.check("wall-ascii-120x30", text)
    }

    @Test func emptyAndOfflineStatesAreVisible() throws {
        var state = AppState(servers: ["local", "remote"], now: SceneFixtures.now, size: GridSize(cols: 80, rows: 8))
        let connecting = render(state, screens: [:]).0.text()
        #expect(connecting.contains("connecting…"))
        _ = state.reduce(.serverLink(server: "local", link: .offline("connection refused")))
        _ = state.reduce(.serverLink(server: "remote", link: .online))
        let text = render(state, screens: [:]).0.text()
        #expect(text.contains("no sessions"))
        #expect(text.contains("local offline"))
        #expect(text.contains("OFFLINE (connection refused)"))
        try Golden.check("empty-offline-80x8", text)
    }

    @Test func tinySizes() throws {
        try Golden.check("tiny-1x1", render(SceneFixtures.state(size: GridSize(cols: 1, rows: 1))).0.text())
        try Golden.check("tiny-2x1", render(SceneFixtures.state(size: GridSize(cols: 2, rows: 1))).0.text())
        try Golden.check("small-40x12", render(SceneFixtures.state(size: GridSize(cols: 40, rows: 12))).0.text())
    }

    @Test(arguments: [(1, 1), (2, 1), (1, 2), (3, 3), (40, 12), (120, 40), (300, 100)])
    func everyScreenAtAnySize(cols: Int, rows: Int) {
        var state = SceneFixtures.state(size: GridSize(cols: cols, rows: rows))
        _ = state.reduce(SceneFixtures.fixLoginWaits)
        let screens = SceneFixtures.screens()
        let keys: [[AppKey]] = [[], [.char("z")], [.char("?")], [.char("b")], [.char("g"), .char("b")], [.enter]]
        for sequence in keys {
            var copy = state
            for key in sequence { _ = copy.reduce(.key(key)) }
            let (surface, _) = render(copy, screens: screens)
            #expect(surface.screen.size == GridSize(cols: cols, rows: rows))
        }
    }

    @Test func resizeToOneByOneAndBack() {
        var state = SceneFixtures.state(size: GridSize(cols: 120, rows: 40))
        let surface = RecordingSurface(size: state.size)
        let renderer = Renderer(surface: surface)
        let screens = SceneFixtures.screens()
        renderer.render(state: state, screens: screens)
        let before = surface.text()
        for size in [GridSize(cols: 1, rows: 1), GridSize(cols: 120, rows: 40)] {
            _ = state.reduce(.resized(size))
            surface.size = size
            renderer.render(state: state, screens: screens)
        }
        #expect(surface.text() == before)
    }
}
