// The two things the client persists per server: ClientCore's CachedServerState (sessions,
// tickets, notifications with read state) and UIViewState (the last view). A snapshot of another
// layout version is treated as corrupt and ignored.

import ClientCore

extension StateStore {
    /// The file name of the cached server state.
    public static let serverStateName = "server-state"
    /// The file name of the last UI view.
    public static let viewStateName = "view"

    /// Saves the last known server state.
    public func saveServerState(_ state: CachedServerState) throws(ClientNetworkError) {
        try save(state, as: Self.serverStateName, now: state.savedAt)
    }

    /// Loads the last known server state (show it marked stale until the server answers).
    public func loadServerState() -> StoredValue<CachedServerState> {
        let stored = load(CachedServerState.self, from: Self.serverStateName)
        if let state = stored.value, state.version != CachedServerState.currentVersion {
            return .corrupt(path: path(of: Self.serverStateName), detail: "snapshot version \(state.version)")
        }
        return stored
    }

    /// Saves the UI's last view.
    public func saveViewState(_ state: UIViewState) throws(ClientNetworkError) {
        try save(state, as: Self.viewStateName)
    }

    /// Loads the UI's last view.
    public func loadViewState() -> StoredValue<UIViewState> {
        load(UIViewState.self, from: Self.viewStateName)
    }
}
