// Key routing: overlays first, then full-screen attach (everything to the remote except the
// detach key), then the banner, the current view and the global keys, all through `Keymap`.

extension AppState {
    /// The keymap views active now, most specific first (what `?` shows too).
    public var activeKeyViews: [KeyView] { keyViews(overlay: overlay) }

    /// The views whose keys `?` lists: those active under the help overlay.
    public var helpKeyViews: [KeyView] { keyViews(overlay: overlay?.isHelp == true ? nil : overlay) }

    private func keyViews(overlay: Overlay?) -> [KeyView] {
        switch overlay {
        case .notifications: return [.notifications]
        case .pager, .projectPicker: return [.pager]
        case .help, .confirmQuit, .confirmAction, .palette, .rejectFeedback, .find, .answer: return []
        case nil: break
        }
        if rewind != nil { return [.rewind] }
        if attachedSession != nil { return scrollback == nil ? [.attach] : [.scrollback] }
        let bannerViews: [KeyView] = banner == nil ? [] : [.banner]
        return bannerViews + [page == .board ? .board : .sessions, .global]
    }

    mutating func handleKey(_ key: AppKey) -> [AppEffect] {
        if case .focus(let inside) = key {
            focused = inside
            focusReported = true
            return []
        }
        flash = nil
        if let effects = handleTextOverlay(key) { return effects }
        if let session = attachedSession, scrollback == nil, rewind == nil { return handleAttachedKey(session, key) }
        if case .mouse(let event) = key { return handleMouse(event) }
        switch Keymap.lookup(key, pending: pendingKey, in: activeKeyViews, detach: ui.detachKey) {
        case .prefix:
            pendingKey = key
            return []
        case .none:
            let hadPending = pendingKey != nil
            pendingKey = nil
            if hadPending { return handleKey(key) }
            return []
        case .action(let action):
            pendingKey = nil
            return perform(action)
        }
    }

    /// Overlays that take every key (help, quit confirmation, text entry). Nil if not handled.
    private mutating func handleTextOverlay(_ key: AppKey) -> [AppEffect]? {
        switch overlay {
        case .help(let offset): return handleHelpKey(key, offset: offset)
        case .confirmQuit:
            overlay = nil
            if key == .char("y") || key == .char("q") {
                isQuitting = true
                return [.quit]
            }
            return []
        case .confirmAction(_, let effect):
            overlay = nil
            guard key == .char("y") else {
                flash = "cancelled"
                return []
            }
            return beginTicketAction(effect)
        case .palette(let text):
            switch TextEdit.apply(key, to: text) {
            case .editing(let next): overlay = .palette(next)
            case .cancelled: overlay = nil
            case .submitted(let value):
                overlay = nil
                return runCommand(value)
            }
            return []
        case .find(let state): return handleFindKey(key, state)
        case .answer(let box): return handleAnswerBoxKey(key, box)
        case .rejectFeedback(let id, let text):
            switch TextEdit.apply(key, to: text) {
            case .editing(let next): overlay = .rejectFeedback(ticketID: id, text: next)
            case .cancelled: overlay = nil
            case .submitted(let value):
                overlay = nil
                return submitReject(ticketID: id, feedback: value)
            }
            return []
        default:
            if rewind?.search?.editing == true { return editRewindSearch(key) }
            if scrollback?.editing == true, attachedSession != nil { return editSearch(key) }
            if filter.editing, overlay == nil, page == .sessions { return editFilter(key) }
            return nil
        }
    }

    /// Typing the `/` filter: the list narrows with each key; Enter keeps the filter, Esc clears
    /// it, arrows move the selection among the matches.
    private mutating func editFilter(_ key: AppKey) -> [AppEffect] {
        switch key {
        case .up: moveSelection(by: -1)
        case .down: moveSelection(by: 1)
        case .mouse, .focus: break
        default:
            switch TextEdit.apply(key, to: filter.text) {
            case .editing(let next): setFilter(next)
            case .cancelled:
                setFilter("")
                filter.editing = false
            case .submitted:
                filter.editing = false
                if !filter.isActive { return [] }
            }
        }
        return []
    }

    /// Sets the filter text and keeps the selection on a shown session.
    mutating func setFilter(_ text: String) {
        filter.text = text
        filter.refresh(sessions)
        fixSelection()
    }

    private mutating func editSearch(_ key: AppKey) -> [AppEffect] {
        guard var state = scrollback else { return [] }
        switch key {
        case .escape: state.editing = false
        case .enter:
            state.editing = false
            state.match = 0
        case .backspace: state.query = String(state.query.dropLast())
        case .char(let c): state.query.append(c)
        case .paste(let text): state.query += text.replacingOccurrences(of: "\n", with: " ")
        default: break
        }
        scrollback = state
        return []
    }

    /// In attach every key goes to the session, except the detach key, scrollback entry and,
    /// while a banner about another session shows, the banner jump key.
    private mutating func handleAttachedKey(_ session: SessionKey, _ key: AppKey) -> [AppEffect] {
        switch Keymap.lookup(key, pending: nil, in: [.attach], detach: ui.detachKey) {
        case .action(.back): return detach()
        case .action(.bannerJump):
            guard let target = bannerJumpTarget else { return forward(key, to: session) }
            return dismissBanner() + attach(target)
        case .action(.scrollback):
            scrollback = ScrollbackState(offset: max(size.rows - 2, 1))
            return []
        case .action(.fitWindow):
            guard paneShownAtOwnSize(session) else { return forward(key, to: session) }
            if refuses("resize", on: session.server) { return [] }
            flash = "sizing the window to \(attachSize.cols)×\(attachSize.rows)"
            return [.fitRemote(session, attachSize)]
        default:
            if case .mouse(let event) = key, event.kind == .wheelUp {
                scrollback = ScrollbackState(offset: 3)
                return []
            }
            return forward(key, to: session)
        }
    }

    /// True when `session`'s pane stream shows its pane at a size other than the view's: the
    /// server left the window alone (tmux's `window-size manual`) and the fit key applies.
    public func paneShownAtOwnSize(_ session: SessionKey) -> Bool {
        guard let stream = streams[session], case .attached = stream.status, let pane = stream.paneSize else {
            return false
        }
        return pane != attachSize
    }

    /// Sends `key` to the attached session, unless its server is read-only. A report of lost
    /// keys goes once the user types again, but not before it has been on screen a moment.
    private mutating func forward(_ key: AppKey, to session: SessionKey) -> [AppEffect] {
        if refuses("keys", on: session.server) { return [] }
        streams[session]?.clearLossReport(now: clock)
        return [.forwardKey(session, key)]
    }

    private mutating func handleMouse(_ event: MouseEvent) -> [AppEffect] {
        switch event.kind {
        case .wheelUp: return perform(.up)
        case .wheelDown: return perform(.down)
        case .press: return click(row: event.row, col: event.col)
        }
    }

    private mutating func click(row: Int, col: Int) -> [AppEffect] {
        guard page == .sessions, overlay == nil else { return [] }
        let layout = self.layout
        for (slot, rect) in layout.tiles.enumerated() where rect.contains(row: row, col: col) {
            let tiles = visibleTiles
            guard slot < tiles.count else { return [] }
            if selection == tiles[slot] { return attach(tiles[slot]) }
            selection = tiles[slot]
            return []
        }
        if layout.list.contains(row: row, col: col), let key = listRowKeys(in: layout.list)[row - layout.list.y] {
            if selection == key { return attach(key) }
            selection = key
        }
        return []
    }
}

extension Rect {
    /// True if the cell is inside the rectangle.
    public func contains(row: Int, col: Int) -> Bool { row >= y && row < maxY && col >= x && col < maxX }
}

/// One-line text entry: what a key does to the text being typed.
enum TextEdit: Equatable {
    case editing(String)
    case cancelled
    case submitted(String)

    static func apply(_ key: AppKey, to text: String) -> TextEdit {
        switch key {
        case .escape: .cancelled
        case .enter: .submitted(text)
        case .backspace: .editing(String(text.dropLast()))
        case .char(let c): .editing(text + String(c))
        case .paste(let pasted): .editing(text + pasted.replacingOccurrences(of: "\n", with: " "))
        default: .editing(text)
        }
    }
}
