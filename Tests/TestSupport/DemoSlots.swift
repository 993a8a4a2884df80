// How many demo servers the test run keeps alive at once. A demo server is the heaviest thing a
// test starts: four agents redrawing, its own tmux server with a control client per session, and
// usually a claudepm watching it. Unbounded, eight end-to-end tests at once on two cores starved
// them all: under a CPU hog a server took longer than the client's deadline to answer
// `GET /api/sessions`, and a fleet test's agents were not all seen waiting within 90 s
// (docs/architecture.md, on Scripts/hog). A world takes its slots before it starts anything
// and gives them back after its teardown; a world with several servers takes all of its slots in
// one step, so two such worlds can never each hold half of what they need.
import Foundation

/// A first-come, first-served counting gate for demo servers.
public actor DemoSlots {
    /// The gate every test shares: `CLAUDEPM_TEST_DEMOS` slots (3 by default, at least 1).
    public static let shared = DemoSlots(
        capacity: ProcessInfo.processInfo.environment["CLAUDEPM_TEST_DEMOS"].flatMap(Int.init) ?? 3)

    private struct Waiter {
        var count: Int
        var continuation: CheckedContinuation<Void, Never>
    }

    /// The number of slots.
    public let capacity: Int
    private var free: Int
    private var queue: [Waiter] = []

    /// A gate with `capacity` slots (at least one).
    public init(capacity: Int) {
        self.capacity = max(1, capacity)
        free = self.capacity
    }

    /// Runs `body` while holding `count` slots (at most the capacity), waiting in line for them;
    /// the slots come back however `body` ends.
    public nonisolated func with<T>(_ count: Int = 1, _ body: () async throws -> T) async rethrows -> T {
        let taken = min(max(1, count), capacity)
        await acquire(taken)
        do {
            let result = try await body()
            await release(taken)
            return result
        } catch {
            await release(taken)
            throw error
        }
    }

    /// Slots free right now (for tests of the gate).
    public var available: Int { free }

    /// Holders in line right now (for tests of the gate).
    public var waiting: Int { queue.count }

    private func acquire(_ count: Int) async {
        // Nobody jumps the line: a world that needs two slots is not overtaken forever by ones
        // that need one.
        if queue.isEmpty, free >= count {
            free -= count
            return
        }
        await withCheckedContinuation { queue.append(Waiter(count: count, continuation: $0)) }
    }

    private func release(_ count: Int) {
        free += count
        while let first = queue.first, first.count <= free {
            queue.removeFirst()
            free -= first.count
            first.continuation.resume()
        }
    }
}
