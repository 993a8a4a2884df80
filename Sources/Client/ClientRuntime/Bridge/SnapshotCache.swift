// SnapshotCache: the runtime's use of the per-server snapshot files. At start the cached state of
// every server becomes app events posted before any socket opens, so the first frame lists the
// last known sessions (marked stale: the server is not online yet) and the live resync replaces
// them. Every live resync, and every later session refresh, is written back on a background
// task; a failed write is logged, never shown. Notifications are not replayed from the cache: a
// stale notification would raise banners and bells for things that may be long answered. When
// the user last looked at each session (rewind's `'`) is saved at quit and loaded with the rest.
import ClaudePMProtocol
import ClientCore
import ClientNetwork
import Foundation
import Logging
import Synchronization

/// Loads and saves the last known state of each server.
final class SnapshotCache: Sendable {
    private let stores: [String: StateStore]
    private let latest = Mutex<[String: ServerSnapshot]>([:])
    private let logger = Logger(label: "claudepm.runtime.cache")

    /// A cache for `servers` under the XDG state directory of `environment` (none without one),
    /// one per endpoint: a server's cache is never shown for another scheme, host or port.
    init(servers: [ServerConfig], environment: [String: String]) {
        var stores: [String: StateStore] = [:]
        for server in servers { stores[server.name] = StateStore.forServer(server, environment: environment) }
        self.stores = stores
    }

    /// The app events that show every server's cached state, oldest layout first.
    func cachedEvents() -> [AppEvent] {
        var events: [AppEvent] = []
        var looked: [SessionKey: Date] = [:]
        for (name, store) in stores.sorted(by: { $0.key < $1.key }) {
            if let saved = store.load([String: Date].self, from: Self.lookedName).value {
                for (id, date) in saved { looked[SessionKey(server: name, sessionId: id)] = date }
            }
            switch store.loadSnapshot() {
            case .missing: continue
            case .corrupt(let path, let detail): logger.warning("ignoring the cached state \(path): \(detail)")
            case .loaded(let snapshot, _):
                latest.withLock { $0[name] = $0[name] ?? snapshot }
                events += ServerEventMapper.map(snapshot, server: name).filter { !Self.isNotification($0) }
            }
        }
        if !looked.isEmpty { events.append(.lookedLoaded(looked)) }
        return events
    }

    /// Saves when the user last looked at each session (at quit: written before it returns).
    func saveLooked(_ looked: [SessionKey: Date]) {
        for (name, store) in stores {
            var saved: [String: Date] = [:]
            for (key, date) in looked where key.server == name { saved[key.sessionId] = date }
            do throws(ClientNetworkError) { try store.save(saved, as: Self.lookedName) } catch {
                logger.warning("cannot save when sessions of \(name) were last looked at: \(error.description)")
            }
        }
    }

    static let lookedName = "looked"

    /// Remembers and saves a live resync of `server`.
    func resynced(_ snapshot: ServerSnapshot, server: String) {
        latest.withLock { $0[server] = snapshot }
        save(snapshot, server: server)
    }

    /// Updates the saved session list of `server` (after a refresh), if a snapshot exists and the
    /// list changed.
    func sessionsRefreshed(_ sessions: [Session], server: String) {
        let updated = latest.withLock { latest -> ServerSnapshot? in
            guard var snapshot = latest[server], snapshot.sessions != sessions else { return nil }
            snapshot.sessions = sessions
            latest[server] = snapshot
            return snapshot
        }
        if let updated { save(updated, server: server) }
    }

    private func save(_ snapshot: ServerSnapshot, server: String) {
        guard let store = stores[server] else { return }
        let logger = logger
        // The default priority: a `.background` task started a thread of its own for each save.
        Task.detached {
            do throws(ClientNetworkError) { try store.saveSnapshot(snapshot) } catch {
                logger.warning("cannot save the cached state of \(server): \(error.description)")
            }
        }
    }

    static func isNotification(_ event: AppEvent) -> Bool {
        if case .notificationsLoaded = event { return true }
        return false
    }
}
