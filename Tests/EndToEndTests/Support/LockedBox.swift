// A Sendable box for sharing a value between a test and the threads it starts.
import Synchronization

/// A value guarded by a mutex, shareable across threads.
final class LockedBox<Value: Sendable>: Sendable {
    private let storage: Mutex<Value>

    init(_ value: Value) {
        storage = Mutex(value)
    }

    var value: Value {
        get { storage.withLock { $0 } }
        set { storage.withLock { $0 = newValue } }
    }
}
