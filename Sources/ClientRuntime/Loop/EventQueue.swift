// EventQueue: how the rest of the process hands the UI loop work. Any thread or task may post
// a Sendable value; the loop drains them all at once. Only the first post after a drain writes
// to the self-pipe, so a burst of a thousand events costs one wake-up.
import Synchronization

/// A thread-safe queue of events for the single UI loop.
public final class EventQueue<Event: Sendable>: Sendable {
    private let pending = Mutex<[Event]>([])
    /// The pipe the loop polls; signal handlers may write to it too.
    public let pipe: SelfPipe

    /// A queue that wakes the loop polling `pipe`.
    public init(pipe: SelfPipe) {
        self.pipe = pipe
    }

    /// A queue with a new pipe of its own.
    public convenience init() throws(RuntimeError) {
        self.init(pipe: try SelfPipe())
    }

    /// Appends an event and wakes the loop if it may be asleep.
    public func post(_ event: Event) {
        let wasEmpty = pending.withLock { events in
            let wasEmpty = events.isEmpty
            events.append(event)
            return wasEmpty
        }
        if wasEmpty { pipe.wake() }
    }

    /// Appends several events with at most one wake-up.
    public func post(contentsOf events: [Event]) {
        guard !events.isEmpty else { return }
        let wasEmpty = pending.withLock { queued in
            let wasEmpty = queued.isEmpty
            queued.append(contentsOf: events)
            return wasEmpty
        }
        if wasEmpty { pipe.wake() }
    }

    /// Removes and returns every queued event, oldest first.
    public func drain() -> [Event] {
        pending.withLock { events in
            let all = events
            events.removeAll(keepingCapacity: true)
            return all
        }
    }

    /// Whether events are waiting.
    public var isEmpty: Bool { pending.withLock { $0.isEmpty } }
}
