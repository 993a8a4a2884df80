// Counts the `pty:snapshot` messages of a pane stream and their bytes, from the socket's reader
// thread, for the scenario to read at any time.
import Synchronization

/// Snapshots received and their bytes.
final class SnapshotTally: Sendable {
    private let state = Mutex((count: 0, bytes: 0))

    /// Records one snapshot of `bytes` bytes.
    func add(_ bytes: Int) { state.withLock { $0 = ($0.count + 1, $0.bytes + bytes) } }

    /// (snapshots, bytes) so far.
    var value: (count: Int, bytes: Int) { state.withLock { $0 } }
}
