// What the header and footer texts are computed from (keys of their `StatusCache`s).

import ClientCore

/// The header's inputs.
struct HeaderInputs: Equatable {
    let screen: Screen
    let servers: [ServerStatus]
    let waiting: Int
    let unread: Int
    let glyphs: Glyphs
    let lateTexts: [String?]

    init(_ state: AppState, glyphs: Glyphs) {
        screen = state.screen
        servers = state.servers
        lateTexts = state.servers.map { $0.lateText(now: state.now) }
        waiting = state.triageQueue.count
        unread = state.unreadCount
        self.glyphs = glyphs
    }
}

/// The footer's inputs.
struct FooterInputs: Equatable {
    let screen: Screen
    let flash: String?
    let overlay: Overlay?
    let pendingKey: AppKey?

    init(_ state: AppState) {
        screen = state.screen
        flash = state.flash
        overlay = state.overlay
        pendingKey = state.pendingKey
    }
}
