// What the header and footer texts are computed from (keys of their `StatusCache`s).

import ClientCore

/// The header's inputs.
struct HeaderInputs: Equatable {
    let page: MainPage
    let servers: [ServerStatus]
    let readOnly: Set<String>
    let waiting: Int
    let unread: Int
    let glyphs: Glyphs
    let lateTexts: [String?]

    init(_ state: AppState, glyphs: Glyphs) {
        page = state.page
        servers = state.servers
        readOnly = state.readOnlyServers
        lateTexts = state.servers.map { $0.lateText(now: state.now) }
        waiting = state.waitingCount
        unread = state.unreadCount
        self.glyphs = glyphs
    }
}

/// The footer's inputs.
struct FooterInputs: Equatable {
    let page: MainPage
    let flash: String?
    let overlay: Overlay?
    let pendingKey: AppKey?
    let filter: String
    let filterEditing: Bool
    let matches: Int
    let total: Int
    let width: Int

    init(_ state: AppState) {
        width = state.size.cols
        filter = state.filter.text
        filterEditing = state.filter.editing
        matches = state.filter.slots.count
        total = state.sessions.count
        page = state.page
        flash = state.flash
        overlay = state.overlay
        pendingKey = state.pendingKey
    }
}
