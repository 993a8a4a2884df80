// Styles the views use, in one place. Colours are requested at full fidelity and degraded by
// the renderer; selection also uses reverse video so it survives `NO_COLOR`. Greys do not
// survive 8 or 16 colours (the nearest basic colour of a dark grey is black, and bright black is
// the background in palettes such as Solarized), so below 256 colours the grey chrome uses the
// terminal's default foreground, dimmed for secondary text.

import ClientCore

/// The views' styles and glyphs.
public struct Theme: Hashable, Sendable {
    /// Glyph set (Unicode or ASCII fallback).
    public var glyphs: Glyphs
    /// The colour depth the theme is drawn at.
    public var depth: ColourDepth

    /// Creates a theme with `glyphs` for a terminal of `depth` colours.
    public init(glyphs: Glyphs = .unicode, depth: ColourDepth = .ansi256) {
        self.glyphs = glyphs
        self.depth = depth
    }

    /// A grey foreground: itself at 256 colours and more, else the default foreground (dimmed
    /// when `secondary`).
    func grey(_ index: UInt8, secondary: Bool, attrs: TextAttributes = []) -> Style {
        if depth >= .ansi256 { return Style(fg: .indexed(index), attrs: attrs) }
        return Style(attrs: secondary ? attrs.union(.dim) : attrs)
    }

    /// Header and footer bars.
    public var bar: Style { Style(fg: .indexed(15), bg: .indexed(236)) }
    /// Headings in the list.
    public var heading: Style { Style(fg: .indexed(75), attrs: [.bold]) }
    /// Secondary text.
    public var dim: Style { grey(245, secondary: true) }
    /// The selected row or card.
    public var selected: Style { Style(fg: .indexed(15), bg: .indexed(24), attrs: [.reverse]) }
    /// A box border.
    public var border: Style { grey(240, secondary: false) }
    /// The selected tile's border.
    public var borderSelected: Style { Style(fg: .rgb(255, 175, 0), attrs: [.bold]) }
    /// The waiting badge.
    public var waiting: Style { Style(fg: .rgb(255, 135, 0), attrs: [.bold]) }
    /// Stale or offline data.
    public var stale: Style { grey(244, secondary: true, attrs: [.dim]) }
    /// Error text.
    public var error: Style { Style(fg: .indexed(196), attrs: [.bold]) }

    /// The style of a session status glyph.
    public func status(_ status: AppSessionStatus) -> Style {
        switch status {
        case .running: Style(fg: .indexed(41))
        case .completed: grey(245, secondary: true)
        case .error: Style(fg: .indexed(196))
        case .paused: Style(fg: .indexed(220))
        }
    }

    /// The glyph of a session status.
    public func glyph(_ status: AppSessionStatus) -> String {
        switch status {
        case .running: glyphs.running
        case .completed: glyphs.completed
        case .error: glyphs.error
        case .paused: glyphs.paused
        }
    }

    /// Banner colours by priority: normal blue, high orange, urgent red (as the iOS app).
    public func banner(_ priority: NotificationPriority) -> Style {
        switch priority {
        case .low, .normal: Style(fg: .indexed(15), bg: .rgb(0, 95, 215), attrs: [.bold])
        case .high: Style(fg: .indexed(16), bg: .rgb(255, 135, 0), attrs: [.bold])
        case .urgent: Style(fg: .indexed(15), bg: .rgb(215, 0, 0), attrs: [.bold, .reverse])
        }
    }
}
