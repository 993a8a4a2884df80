// One table of keys per view: `reduce` looks keys up here and the `?` overlay (and docs/keys.md)
// render from the same table, so help can never disagree with behaviour.

/// What a key does.
public enum AppAction: Hashable, Sendable {
    case down, up, top, bottom, left, right, pageDown, pageUp
    case open, zoom, back
    case triageNext, triageReturn, snooze
    case goSessions, goBoard, help, palette, notifications, quit, suspend, reconnect
    case bannerYes, bannerNo, bannerJump, bannerDismiss
    case markRead, markAllRead, clearAll
    case startSession, approve, reject, moveNext, movePrevious, viewSession, toggleChips, toggleChip, pickProject
    case search, searchNext, searchPrevious, scrollback, find
    case fitWindow
    case panUp, panDown, panLeft, panRight
    case rewind, nextMark, previousMark, whenBanner, whenLooked
}

/// The views that have their own keys.
public enum KeyView: String, Hashable, Sendable, CaseIterable {
    /// Keys that work on every screen (unless a view overrides them).
    case global
    /// The sessions list and wall.
    case sessions
    /// The ticket board.
    case board
    /// A banner is showing.
    case banner
    /// The notification panel.
    case notifications
    /// Full-screen attach (everything else goes to the session).
    case attach
    /// Scrollback browsing inside attach.
    case scrollback
    /// Pager and pickers.
    case pager
    /// Rewind: a session's past screens.
    case rewind

    /// The heading shown in help.
    public var title: String {
        switch self {
        case .global: "Everywhere"
        case .sessions: "Sessions"
        case .board: "Ticket board"
        case .banner: "Banner"
        case .notifications: "Notifications"
        case .attach: "Attached"
        case .scrollback: "Scrollback"
        case .pager: "Pager and pickers"
        case .rewind: "Rewind"
        }
    }
}

/// One binding: key sequences (any of them triggers it), the action and its help text.
public struct KeyBinding: Hashable, Sendable {
    /// Alternative key sequences; each is one or two keys.
    public var sequences: [[AppKey]]
    /// The action.
    public var action: AppAction
    /// One line of help.
    public var help: String

    /// Creates a binding.
    public init(_ sequences: [[AppKey]], _ action: AppAction, _ help: String) {
        self.sequences = sequences
        self.action = action
        self.help = help
    }

    /// The keys as help shows them: `j / Down`, `g g`.
    public var label: String {
        sequences.map { $0.map(\.description).joined(separator: " ") }.joined(separator: " / ")
    }
}

/// The result of looking a key up.
public enum KeyLookup: Hashable, Sendable {
    /// A complete binding matched.
    case action(AppAction)
    /// The key starts a longer sequence; wait for the next key.
    case prefix
    /// Nothing matched.
    case none
}

/// The keymaps.
public enum Keymap {
    /// The bindings of `view`; `detach` is the configured detach key for the attach view.
    public static func bindings(_ view: KeyView, detach: DetachKey = .default) -> [KeyBinding] {
        switch view {
        case .global: global
        case .sessions: sessions
        case .board: board
        case .banner: banner
        case .notifications: notifications
        case .attach: attach(detach)
        case .scrollback: scrollback
        case .pager: pager
        case .rewind: rewind
        }
    }

    /// Looks up `key` after `pending` (the first key of a sequence) in `views`, first match wins.
    public static func lookup(
        _ key: AppKey, pending: AppKey?, in views: [KeyView], detach: DetachKey = .default
    ) -> KeyLookup {
        let typed = (pending.map { [$0] } ?? []) + [key]
        var isPrefix = false
        for view in views {
            for binding in bindings(view, detach: detach) {
                for sequence in binding.sequences {
                    if sequence == typed { return .action(binding.action) }
                    if sequence.count > typed.count && Array(sequence.prefix(typed.count)) == typed { isPrefix = true }
                }
            }
        }
        return isPrefix ? .prefix : .none
    }

    static let global: [KeyBinding] = [
        KeyBinding([[.char("?")]], .help, "show the keys of this view"),
        KeyBinding([[.char(":")]], .palette, "command line (:sessions :board :quit :read :clear)"),
        KeyBinding([[.char("g"), .char("s")]], .goSessions, "go to sessions"),
        KeyBinding([[.char("g"), .char("b")], [.char("g"), .char("p")]], .goBoard, "go to the ticket board"),
        KeyBinding([[.char("b")], [.char("!")]], .notifications, "notification list"),
        KeyBinding([[.char("t")], [.tab]], .triageNext, "next waiting session (attaches)"),
        KeyBinding([[.char("T")], [.backTab]], .triageReturn, "back to where triage started"),
        KeyBinding([[.char("q")]], .quit, "quit (asks first if attached)"),
        KeyBinding([[.ctrl("z")]], .suspend, "suspend to the shell (fg comes back)"),
        KeyBinding([[.ctrl("r")]], .reconnect, "reconnect what is down now (re-reads API keys)"),
    ]

    static let sessions: [KeyBinding] = [
        KeyBinding([[.char("j")], [.down]], .down, "next session"),
        KeyBinding([[.char("k")], [.up]], .up, "previous session"),
        KeyBinding([[.char("g"), .char("g")], [.home]], .top, "first session"),
        KeyBinding([[.char("G")], [.end]], .bottom, "last session"),
        KeyBinding([[.char("l")], [.right]], .right, "next tile page"),
        KeyBinding([[.char("h")], [.left]], .left, "previous tile page"),
        KeyBinding([[.enter]], .open, "attach full screen"),
        KeyBinding([[.char("z")], [.char(" ")]], .zoom, "zoom the selected tile"),
        KeyBinding([[.char("K")]], .panUp, "pan the selected tile's window up (5 rows)"),
        KeyBinding([[.char("J")]], .panDown, "pan it down"),
        KeyBinding([[.char("H")]], .panLeft, "pan it left (10 columns)"),
        KeyBinding([[.char("L")]], .panRight, "pan it right"),
        KeyBinding([[.escape]], .back, "clear the filter / unzoom / stop panning"),
        KeyBinding([[.char("s")]], .snooze, "snooze the selected waiting session (15 min)"),
        KeyBinding([[.char("/")]], .search, "filter as you type (Enter keeps, Esc clears)"),
        KeyBinding([[.char("f")]], .find, "search every session's scrollback"),
        KeyBinding([[.char("y")]], .bannerYes, "yes to the selected session's permission prompt"),
        KeyBinding([[.char("n")]], .bannerNo, "no to the selected session's permission prompt"),
        KeyBinding([[.char("R")]], .rewind, "rewind the selected session: its past screens"),
    ]

    static let board: [KeyBinding] = [
        KeyBinding([[.char("j")], [.down]], .down, "next card"),
        KeyBinding([[.char("k")], [.up]], .up, "previous card"),
        KeyBinding([[.char("h")], [.left]], .left, "previous column"),
        KeyBinding([[.char("l")], [.right]], .right, "next column"),
        KeyBinding([[.char("g"), .char("g")]], .top, "first card"),
        KeyBinding([[.char("G")]], .bottom, "last card"),
        KeyBinding([[.enter]], .open, "read the ticket"),
        KeyBinding([[.char("s")]], .startSession, "start a session for the ticket"),
        KeyBinding([[.char("a")]], .approve, "approve (review only)"),
        KeyBinding([[.char("x")]], .reject, "reject with feedback (review only)"),
        KeyBinding([[.char("m")]], .moveNext, "move to the next column"),
        KeyBinding([[.char("M")]], .movePrevious, "move to the previous column"),
        KeyBinding([[.char("v")]], .viewSession, "attach the ticket's live session"),
        KeyBinding([[.char("f")]], .toggleChips, "focus the prefix chips (h/l move, Esc leaves)"),
        KeyBinding([[.char(" ")]], .toggleChip, "toggle the focused prefix chip"),
        KeyBinding([[.char("P")]], .pickProject, "pick a project"),
        KeyBinding([[.escape]], .back, "back to sessions"),
    ]

    static let banner: [KeyBinding] = [
        KeyBinding([[.char("y")]], .bannerYes, "yes to its permission prompt (a question: the answer box)"),
        KeyBinding([[.char("n")]], .bannerNo, "no to its permission prompt (a question: the answer box)"),
        KeyBinding([[.char("o")]], .bannerJump, "jump to the session (attach)"),
        KeyBinding([[.char("d")]], .bannerDismiss, "dismiss the banner"),
        KeyBinding([[.char("R")]], .rewind, "rewind its session to when it fired: what led here"),
    ]

    static let notifications: [KeyBinding] = [
        KeyBinding([[.char("j")], [.down]], .down, "next notification"),
        KeyBinding([[.char("k")], [.up]], .up, "previous notification"),
        KeyBinding([[.enter]], .open, "open its session"),
        KeyBinding([[.char("r")]], .markRead, "mark read"),
        KeyBinding([[.char("R")]], .markAllRead, "mark all read"),
        KeyBinding([[.char("C")]], .clearAll, "clear all"),
        KeyBinding([[.escape], [.char("b")], [.char("q")]], .back, "close"),
    ]

    static func attach(_ detach: DetachKey) -> [KeyBinding] {
        let detachKey = AppKey.fromControlByte(detach.byte) ?? .ctrl("]")
        return [
            KeyBinding([[detachKey]], .back, "detach, back to the wall (configurable)"),
            KeyBinding(
                [[jumpKey(detach: detach)]], .bannerJump,
                "jump to the session of a banner about another session (taken only while one shows)"),
            KeyBinding([[.shiftPageUp]], .scrollback, "scrollback (then / to search)"),
            KeyBinding(
                [[fitKey(detach: detach)]], .fitWindow,
                "size the session's window to this terminal (taken only while its pane shows at a size of its own)"),
        ]
    }

    /// The key that sizes the attached session's window to the terminal where the server left
    /// it alone (tmux's `window-size manual`), as tmux's `resize-window -A` would: `C-^` (mosh's
    /// escape key), or `C-_` when `C-^` is the detach or the jump key.
    public static func fitKey(detach: DetachKey) -> AppKey {
        let caret: UInt8 = 0x1E
        return detach.byte == caret || jumpKey(detach: detach) == .ctrl("^") ? .ctrl("_") : .ctrl("^")
    }

    /// The key that jumps from an attached session to the session of a banner about another one:
    /// a single control key like the detach key, `C-\` (or `C-^` when `C-\` is the detach key).
    public static func jumpKey(detach: DetachKey) -> AppKey {
        detach.byte == 0x1C ? .ctrl("^") : .ctrl("\\")
    }

    static let scrollback: [KeyBinding] = [
        KeyBinding([[.char("k")], [.up]], .up, "line up"),
        KeyBinding([[.char("j")], [.down]], .down, "line down"),
        KeyBinding([[.pageUp], [.shiftPageUp], [.ctrl("b")]], .pageUp, "page up"),
        KeyBinding([[.pageDown], [.shiftPageDown], [.ctrl("f")]], .pageDown, "page down"),
        KeyBinding([[.char("g"), .char("g")]], .top, "oldest line"),
        KeyBinding([[.char("G")]], .bottom, "live bottom"),
        KeyBinding([[.char("/")]], .search, "search"),
        KeyBinding([[.char("n")]], .searchNext, "next (older) match"),
        KeyBinding([[.char("N")]], .searchPrevious, "previous (newer) match"),
        KeyBinding([[.char("r")]], .rewind, "rewind: this session's past screens"),
        KeyBinding([[.escape], [.char("q")]], .back, "back to live"),
    ]

    static let rewind: [KeyBinding] = [
        KeyBinding([[.char("h")], [.left], [.char("k")], [.up]], .left, "back one step (a burst's end or a mark)"),
        KeyBinding([[.char("l")], [.right], [.char("j")], [.down]], .right, "on one step"),
        KeyBinding([[.pageUp]], .pageUp, "back ten steps"),
        KeyBinding([[.pageDown]], .pageDown, "on ten steps"),
        KeyBinding([[.char("[")]], .previousMark, "previous mark (a wait, an answer, a status change)"),
        KeyBinding([[.char("]")]], .nextMark, "next mark"),
        KeyBinding([[.char("g"), .char("g")], [.home]], .top, "oldest moment recorded"),
        KeyBinding([[.char("G")], [.end]], .bottom, "newest moment recorded"),
        KeyBinding([[.char("b")]], .whenBanner, "when this session's newest banner fired"),
        KeyBinding([[.char("'")]], .whenLooked, "when you last looked at it (it last left the screen)"),
        KeyBinding([[.char("/")]], .search, "search its past screens (Enter asks its server)"),
        KeyBinding([[.char("n")]], .searchNext, "next (older) match"),
        KeyBinding([[.char("N")]], .searchPrevious, "previous (newer) match"),
        KeyBinding([[.escape], [.char("q")]], .back, "back to live"),
    ]

    static let pager: [KeyBinding] = [
        KeyBinding([[.char("j")], [.down]], .down, "down"),
        KeyBinding([[.char("k")], [.up]], .up, "up"),
        KeyBinding([[.pageDown], [.char(" ")]], .pageDown, "page down"),
        KeyBinding([[.pageUp]], .pageUp, "page up"),
        KeyBinding([[.enter]], .open, "choose"),
        KeyBinding([[.escape], [.char("q")]], .back, "close"),
    ]
}
