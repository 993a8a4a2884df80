// The renderer: scene(state) → frame → compositor → surface. It owns the per-session screen
// mirrors (damage-driven copies of each TerminalScreen) and the cached status texts; the runtime
// calls `render` after events, at most at the frame cap.

import ClientCore
import TerminalScreen

/// Draws the app state onto a surface.
public final class Renderer {
    /// The compositor (and through it, the surface).
    public let compositor: Compositor
    /// Styles and glyphs.
    public var theme: Theme
    /// Colour degradation for the terminal in use.
    public var degrader: ColourDegrader
    private var mirrors: [SessionKey: TerminalScreenMirror] = [:]
    private let headerCache = StatusCache<HeaderInputs>()
    private let footerCache = StatusCache<FooterInputs>()
    private let listCache = RegionCache<ListInputs>()
    private let sceneCache = SceneCache()

    /// Creates a renderer drawing on `surface` with `depth` colours and `glyphs`.
    public init(surface: any Surface, depth: ColourDepth = .ansi256, glyphs: Glyphs = .unicode) {
        compositor = Compositor(surface: surface)
        theme = Theme(glyphs: glyphs, depth: depth)
        degrader = ColourDegrader(depth: depth)
    }

    /// How often the header text was recomputed (it is cached while its inputs are unchanged).
    public var headerRecomputations: Int { headerCache.recomputations }

    /// How often the session list was drawn (it is copied from the last frame while its inputs
    /// are unchanged).
    public var listRedraws: Int { listCache.redraws }

    /// Characters predicted for an attached session (predictive local echo), drawn underlined
    /// over its pane until the server's output confirms them.
    public var predictedEcho: (key: SessionKey, glyphs: [PredictedGlyph])?

    /// The past screen rewind shows (the runtime feeds it from the journal), if one arrived.
    public var rewindScreen: TerminalScreen?
    private let rewindMirror = TerminalScreenMirror()

    /// The mirror of `key`'s screen, if it has been drawn.
    public func mirror(for key: SessionKey) -> TerminalScreenMirror? { mirrors[key] }

    /// Renders `state` with the live `screens` and commits the frame if anything changed.
    @discardableResult
    public func render(state: AppState, screens: [SessionKey: TerminalScreen]) -> Compositor.Stats {
        let (frame, cursor) = self.frame(state: state, screens: screens)
        return compositor.present(frame, cursor: cursor)
    }

    /// Forgets the last frame so the next render repaints everything.
    public func invalidate() { compositor.invalidate() }

    /// Builds the frame for `state` (without touching the surface).
    public func frame(state: AppState, screens: [SessionKey: TerminalScreen]) -> (CellBuffer, CursorPlacement?) {
        updateMirrors(screens)
        var frame = CellBuffer(size: state.size)
        var cursor: CursorPlacement?
        if let rewind = state.rewind {
            if let rewindScreen { rewindMirror.update(from: rewindScreen) }
            cursor = RewindView(theme: theme).draw(
                rewind, state: state, mirror: rewindScreen == nil ? nil : rewindMirror, into: &frame)
            cursor = drawOverlays(state, into: &frame) ?? cursor
            if degrader.depth != .truecolor { frame.mapStyles(where: degrader.changes) { degrader.map($0) } }
            return (frame, cursor)
        }
        switch state.page {
        case .attached(let key):
            let predicted = predictedEcho?.key == key ? predictedEcho?.glyphs ?? [] : []
            cursor = AttachView(theme: theme).draw(
                key, state: state, screen: screens[key], mirror: mirrors[key], predicted: predicted, into: &frame)
        case .sessions:
            drawSessions(state, into: &frame)
        case .board:
            let layout = sceneCache.scene(for: state).layout
            drawChrome(state, layout: layout, into: &frame)
            let body = Rect(
                x: 0, y: layout.header.maxY, width: state.size.cols, height: layout.footer.y - layout.header.maxY)
            BoardView(theme: theme).draw(state, into: &frame, rect: layout.footer.isEmpty ? layout.list : body)
        }
        cursor = drawOverlays(state, into: &frame) ?? cursor
        if degrader.depth != .truecolor { frame.mapStyles(where: degrader.changes) { degrader.map($0) } }
        return (frame, cursor)
    }

    private func updateMirrors(_ screens: [SessionKey: TerminalScreen]) {
        if mirrors.keys.contains(where: { screens[$0] == nil }) {
            mirrors = mirrors.filter { screens[$0.key] != nil }
        }
        for (key, screen) in screens {
            if let mirror = mirrors[key] {
                mirror.update(from: screen)
            } else {
                let mirror = TerminalScreenMirror()
                mirror.update(from: screen)
                mirrors[key] = mirror
            }
        }
    }

    private func drawSessions(_ state: AppState, into frame: inout CellBuffer) {
        let scene = sceneCache.scene(for: state)
        let layout = scene.layout
        drawChrome(state, layout: layout, into: &frame)
        let listView = SessionListView(theme: theme)
        listCache.draw(ListInputs(state, theme: theme), rect: layout.list, into: &frame) {
            listView.draw(state, into: &$0, rect: layout.list)
        }
        let tileView = TileView(theme: theme)
        for (slot, key) in zip(layout.tiles, scene.visibleTiles) {
            guard let session = state.sessions[key] else { continue }
            let stale = state.server(key.server)?.isStale ?? true
            let picture =
                state.pictured.contains(key)
                ? SessionText.picture(changed: state.pictureChanged[key], now: state.now) : nil
            tileView.draw(
                session, mirror: mirrors[key], selected: key == state.selection, stale: stale, now: state.now,
                serverPrefix: SessionText.serverPrefix(key.server, in: state), picture: picture,
                pan: state.tilePan?.session == key ? state.tilePan : nil, into: &frame, rect: slot)
        }
        for slot in layout.tiles.dropFirst(scene.visibleTiles.count) {
            frame.box(slot, style: theme.border, glyphs: theme.glyphs)
        }
    }

    private func drawChrome(_ state: AppState, layout: SessionsPageLayout, into frame: inout CellBuffer) {
        let glyphs = theme.glyphs
        let header = headerCache.text(for: HeaderInputs(state, glyphs: glyphs)) {
            ChromeView.headerText(state, glyphs: glyphs)
        }
        let footer = footerCache.text(for: FooterInputs(state)) { ChromeView.footerText(state) }
        ChromeView(theme: theme).draw(header: header, footer: footer, layout: layout, into: &frame)
    }

    private func drawOverlays(_ state: AppState, into frame: inout CellBuffer) -> CursorPlacement? {
        let views = OverlayViews(theme: theme)
        if let banner = state.banner {
            views.banner(banner, state: state, into: &frame, row: 0)
        }
        switch state.overlay {
        case .help(let offset): views.help(state, offset: offset, into: &frame)
        case .notifications(let cursor): views.notifications(state, cursor: cursor, into: &frame)
        case .confirmQuit:
            views.message(
                "Quit?", lines: ["A session is attached.", "Quit claudepm?  y = quit, any other key = stay"],
                into: &frame)
        case .confirmAction(let question, _):
            views.message("Confirm", lines: [question, "y = yes, any other key = cancel"], into: &frame)
        case .pager(let title, let lines, let offset):
            views.pager(title: title, lines: lines, offset: offset, into: &frame)
        case .rejectFeedback(_, let text):
            views.message("Reject: feedback (Enter sends, Esc cancels)", lines: [text + "_"], into: &frame)
        case .answer(let box):
            views.message("Answer \(box.target) (Enter sends, Esc cancels)", lines: [box.text + "_"], into: &frame)
        case .projectPicker(let cursor):
            let items = state.board.projects.map { "\($0.name) (\($0.server))" }
            views.picker(title: "Project", items: items, cursor: cursor, into: &frame)
        case .find(let find): return FindView(theme: theme).draw(find, state: state, into: &frame)
        case .palette(let text):
            let row = frame.size.rows - 1
            frame.putLine(
                ":" + text, in: Rect(x: 0, y: row, width: frame.size.cols, height: 1), row: row, style: theme.bar)
            return CursorPlacement(row: row, col: min(DisplayWidth.of(text) + 1, max(frame.size.cols - 1, 0)))
        case nil:
            if state.page == .sessions, state.filter.editing, frame.size.rows >= 3 {
                let col = min(DisplayWidth.of(state.filter.text) + 1, max(frame.size.cols - 1, 0))
                return CursorPlacement(row: frame.size.rows - 1, col: col)
            }
        }
        return nil
    }
}
