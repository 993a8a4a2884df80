// The life tasks of the open terminal streams: each ends once its stream is closed and its
// `pty:detach` and close frame are out. Quitting waits for them (each bounds its own wait), so the
// server sees a detach and a clean close instead of a dropped connection.
import Synchronization

/// Running terminal-stream tasks, pruned as they finish.
final class StreamTasks: Sendable {
    private let tasks = Mutex<[Int: Task<Void, Never>]>([:])
    private let counter = Atomic<Int>(0)

    /// Tracks `task` until it ends.
    func add(_ task: Task<Void, Never>) {
        let id = counter.wrappingAdd(1, ordering: .relaxed).newValue
        tasks.withLock { $0[id] = task }
        Task { [weak self] in
            await task.value
            _ = self?.tasks.withLock { $0.removeValue(forKey: id) }
        }
    }

    /// Waits until every tracked task has ended.
    func waitForAll() async {
        for task in tasks.withLock({ Array($0.values) }) { await task.value }
    }
}
