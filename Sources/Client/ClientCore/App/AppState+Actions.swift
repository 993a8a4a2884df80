// What each keymap action does, per view. Board, banner and notification actions live in their
// own files; this one dispatches and handles the sessions view and the global actions.

import Foundation

extension AppState {
    mutating func perform(_ action: AppAction) -> [AppEffect] {
        if case .notifications = overlay { return performNotifications(action) }
        if case .pager = overlay { return performPager(action) }
        if case .projectPicker = overlay { return performProjectPicker(action) }
        if rewind != nil { return performRewind(action) }
        if attachedSession != nil, scrollback != nil, action == .rewind {
            scrollback = nil
            guard let session = attachedSession else { return [] }
            return openRewind(session)
        }
        if attachedSession != nil, scrollback != nil { return performScrollback(action) }
        if let effects = performBanner(action) { return effects }
        if let effects = performGlobal(action) { return effects }
        return page == .board ? performBoard(action) : performSessions(action)
    }

    private mutating func performGlobal(_ action: AppAction) -> [AppEffect]? {
        switch action {
        case .help: overlay = .help(offset: 0)
        case .palette: overlay = .palette("")
        case .notifications: overlay = .notifications(cursor: 0)
        case .goSessions:
            page = .sessions
        case .goBoard: return openBoard()
        case .triageNext: return triageNext()
        case .triageReturn: return triageReturn()
        case .quit: return requestQuit()
        case .suspend: return [.suspend]
        case .reconnect: return reconnectNow()
        default: return nil
        }
        return []
    }

    private mutating func performSessions(_ action: AppAction) -> [AppEffect] {
        switch action {
        case .down: moveSelection(by: 1)
        case .up: moveSelection(by: -1)
        case .top: moveSelection(by: -sessions.count)
        case .bottom: moveSelection(by: sessions.count)
        case .right: moveTilePage(by: 1)
        case .left: moveTilePage(by: -1)
        case .open:
            if let selection { return attach(selection) }
        case .zoom:
            if let selection, sessions[selection]?.isLive == true { zoomed = zoomed == selection ? nil : selection }
        case .back:
            if filter.isActive { setFilter("") } else if tilePan != nil { tilePan = nil } else { zoomed = nil }
        case .panUp, .panDown, .panLeft, .panRight: panTile(action)
        case .snooze: snoozeSelection()
        case .search: filter.editing = true
        case .find: return openFind()
        case .bannerYes, .bannerNo: return answerSelected(allow: action == .bannerYes)
        case .rewind: if let selection { return openRewind(selection) }
        default: break
        }
        return []
    }

    /// Moves the selected tile's window by a step (`TilePan`).
    private mutating func panTile(_ action: AppAction) {
        guard let selection else { return }
        var pan = tilePan?.session == selection ? tilePan ?? TilePan(session: selection) : TilePan(session: selection)
        switch action {
        case .panUp: pan.rows -= TilePan.rowStep
        case .panDown: pan.rows += TilePan.rowStep
        case .panLeft: pan.cols -= TilePan.colStep
        default: pan.cols += TilePan.colStep
        }
        tilePan = pan.rows == 0 && pan.cols == 0 ? nil : pan
    }

    /// Quits at once, or asks first when a session is attached.
    mutating func requestQuit() -> [AppEffect] {
        if attachedSession != nil {
            overlay = .confirmQuit
            return []
        }
        isQuitting = true
        return [.quit]
    }

    /// Asks every server that is down to connect now instead of at its next scheduled try.
    private mutating func reconnectNow() -> [AppEffect] {
        flash = "reconnecting every server that is down"
        return [.reconnect]
    }

    /// Runs a `:` command.
    mutating func runCommand(_ text: String) -> [AppEffect] {
        let command = text.trimmingCharacters(in: .whitespaces).lowercased()
        switch command {
        case "q", "quit": return requestQuit()
        case "q!", "quit!":
            isQuitting = true
            return [.quit]
        case "s", "sessions": page = .sessions
        case "b", "board": return openBoard()
        case "n", "notifications": overlay = .notifications(cursor: 0)
        case "read": notifications.markAllRead()
        case "clear": return clearNotifications()
        case "next", "triage": return triageNext()
        case "reconnect", "retry": return reconnectNow()
        case "stats": return [.showStats]
        case "help": overlay = .help(offset: 0)
        case "": break
        default: flash = "unknown command: \(command)"
        }
        return []
    }

    private mutating func performScrollback(_ action: AppAction) -> [AppEffect] {
        guard var state = scrollback else { return [] }
        let page = max(size.rows - 2, 1)
        switch action {
        case .up: state.offset += 1
        case .down: state.offset -= 1
        case .pageUp: state.offset += page
        case .pageDown: state.offset -= page
        case .top: state.offset = Int.max / 2
        case .bottom, .back:
            scrollback = nil
            return []
        case .search:
            state.query = ""
            state.editing = true
        case .searchNext: state.match += 1
        case .searchPrevious: state.match = max(state.match - 1, 0)
        default: break
        }
        if state.offset <= 0 && state.query.isEmpty && !state.editing {
            scrollback = nil
        } else {
            state.offset = max(state.offset, 0)
            scrollback = state
        }
        return []
    }

    private mutating func performPager(_ action: AppAction) -> [AppEffect] {
        guard case .pager(let title, let lines, let offset) = overlay else { return [] }
        let page = max(size.rows - 4, 1)
        let maxOffset = max(lines.count - page, 0)
        var next = offset
        switch action {
        case .down: next += 1
        case .up: next -= 1
        case .pageDown: next += page
        case .pageUp: next -= page
        case .back, .open:
            overlay = nil
            return []
        default: break
        }
        overlay = .pager(title: title, lines: lines, offset: min(max(next, 0), maxOffset))
        return []
    }
}
