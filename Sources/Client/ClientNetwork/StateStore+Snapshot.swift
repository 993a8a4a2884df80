// The server snapshot (sessions, projects, tickets, notifications as of the last resync) kept per
// server, so the terminal UI can draw the last known state in its first frame, marked stale until
// the server answers.

import Foundation

extension StateStore {
    /// The file name of the last resync snapshot.
    public static let snapshotName = "snapshot"

    /// Saves the last resync snapshot.
    public func saveSnapshot(_ snapshot: ServerSnapshot, now: Date = Date()) throws(ClientNetworkError) {
        try save(snapshot, as: Self.snapshotName, now: now)
    }

    /// Loads the last resync snapshot.
    public func loadSnapshot() -> StoredValue<ServerSnapshot> {
        load(ServerSnapshot.self, from: Self.snapshotName)
    }
}
