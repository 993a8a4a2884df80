// The `?` overlay: the keys of the view it was opened over, the keys that work everywhere first,
// scrolled with j/k, arrows, PgUp/PgDn, Space, g/G (Home/End) when it does not fit; any other
// key closes it (any key at all when it fits). Its geometry is here so the model clamps the
// scroll to what the view shows.

extension AppState {
    /// The views `?` lists, in the order shown: the keys that work everywhere first.
    public var helpKeyViewsShown: [KeyView] {
        let views = helpKeyViews
        return views.filter { $0 == .global } + views.filter { $0 != .global }
    }

    /// How many lines the help lists (a title per view, then its bindings).
    public var helpLineCount: Int {
        helpKeyViewsShown.reduce(0) { $0 + 1 + Keymap.bindings($1, detach: ui.detachKey).count }
    }

    /// How many of the help's lines fit on the screen at once.
    public var helpVisibleRows: Int { Self.helpVisibleRows(lines: helpLineCount, size: size) }

    /// The lines of `lines` that fit in the help panel on a `size` screen: the panel keeps a
    /// margin when the screen allows, a border and, below the lines, one blank row.
    public static func helpVisibleRows(lines: Int, size: GridSize) -> Int {
        let margin = size.cols > 10 && size.rows > 6 ? 1 : 0
        return max(0, min(lines, size.rows - 2 * margin - 2))
    }

    /// The furthest the help scrolls: its last line on the panel's last row.
    public var helpMaxOffset: Int { max(0, helpLineCount - helpVisibleRows) }

    /// A key on the help overlay: scrolls it, or closes it (any key, when it all fits).
    mutating func handleHelpKey(_ key: AppKey, offset: Int) -> [AppEffect] {
        if case .focus = key { return [] }
        guard helpMaxOffset > 0 else {
            overlay = nil
            return []
        }
        let page = max(helpVisibleRows - 1, 1)
        let next: Int
        switch key {
        case .char("j"), .down, .ctrl("n"), .ctrl("e"): next = offset + 1
        case .char("k"), .up, .ctrl("p"), .ctrl("y"): next = offset - 1
        case .pageDown, .char(" "), .ctrl("f"), .ctrl("d"): next = offset + page
        case .pageUp, .ctrl("b"), .ctrl("u"): next = offset - page
        case .char("g"), .home: next = 0
        case .char("G"), .end: next = helpMaxOffset
        case .mouse(let event) where event.kind == .wheelDown: next = offset + 3
        case .mouse(let event) where event.kind == .wheelUp: next = offset - 3
        default:
            overlay = nil
            return []
        }
        overlay = .help(offset: min(max(next, 0), helpMaxOffset))
        return []
    }
}

extension Overlay {
    /// True for the `?` overlay, at any scroll offset.
    public var isHelp: Bool {
        if case .help = self { return true }
        return false
    }
}
