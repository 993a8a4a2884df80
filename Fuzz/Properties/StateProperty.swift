// The client's cached state (snapshot, server state, last view) read back from a file any process
// could have written: loading never traps, and a value that loads saves and loads back equal.
import ClientCore
import ClientNetwork
import Foundation

/// The property checked by the `state` fuzz target.
public enum StateProperty {
    /// A private directory for the files (one per process).
    static let store: StateStore = {
        let dir = NSTemporaryDirectory() + "/claudepm-fuzz-state-\(getpid())"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return StateStore(directory: dir)
    }()

    /// Nil when the property holds for `bytes` (a file's contents), else what failed.
    public static func check(_ bytes: [UInt8]) -> String? {
        if let failure = roundTrip(
            bytes, name: StateStore.snapshotName, load: store.loadSnapshot,
            save: {
                try store.saveSnapshot($0)
            })
        {
            return failure
        }
        if let failure = roundTrip(
            bytes, name: StateStore.serverStateName, load: store.loadServerState,
            save: {
                try store.saveServerState($0)
            })
        {
            return failure
        }
        return roundTrip(bytes, name: StateStore.viewStateName, load: store.loadViewState) {
            try store.saveViewState($0)
        }
    }

    static func roundTrip<Value: Equatable>(
        _ bytes: [UInt8], name: String, load: () -> StoredValue<Value>, save: (Value) throws -> Void
    ) -> String? {
        guard FileManager.default.createFile(atPath: store.path(of: name), contents: Data(bytes)) else {
            return "cannot write \(store.path(of: name))"
        }
        guard case .loaded(let value, _) = load() else { return nil }
        do { try save(value) } catch { return "\(name): a loaded value does not save: \(error)" }
        guard case .loaded(let again, _) = load() else { return "\(name): a saved value does not load" }
        return again == value ? nil : "\(name): save and load changed the value"
    }
}
