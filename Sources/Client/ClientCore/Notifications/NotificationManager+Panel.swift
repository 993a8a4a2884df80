// The notification panel's own reducer (`n`): moving the focus over the list, marking read,
// opening the focused notification. Clearing asks the app, which keeps a read-only server's
// notifications (`AppState.clearWritableNotifications`); opening tells the app which session to
// attach to.

extension NotificationManager {
    /// What the app does after an action in the panel.
    public enum PanelStep: Equatable, Sendable {
        /// The panel stays open with this row focused.
        case focus(Int)
        /// The panel closes.
        case close
        /// The panel stays open and the app clears the notifications it may clear.
        case clearAll
        /// The panel closes; the app attaches to the session, if the notification names one.
        case open(SessionKey?)
    }

    /// Applies `action` to the panel whose focused row is `cursor` (kept within the list).
    /// Actions with no meaning in the panel leave it as it is.
    public mutating func reducePanel(_ action: AppAction, cursor: Int) -> PanelStep {
        let last = max(items.count - 1, 0)
        let row = min(max(cursor, 0), last)
        switch action {
        case .down: return .focus(min(row + 1, last))
        case .up: return .focus(max(row - 1, 0))
        case .markRead where !items.isEmpty: markRead(items[row].key)
        case .markAllRead: markAllRead()
        case .clearAll: return .clearAll
        case .open where !items.isEmpty:
            let item = items[row]
            markRead(item.key)
            return .open(item.sessionKey)
        case .back: return .close
        default: break
        }
        return .focus(cursor)
    }
}
