// EventQueue: how the rest of the process hands the UI loop work. Any thread or task may post
// a Sendable value; the loop drains them all at once. Only the first post after a drain writes
// to the self-pipe, so a burst of a thousand events costs one wake-up. While the loop already
// sleeps until a frame that is due soon, posts do not wake it at all (`deferWakes`): the events
// wait for that frame, which could not be drawn any sooner, so a busy wall of tiles costs one
// wake-up per frame instead of one per network message.
import Synchronization

/// A thread-safe queue of events for the single UI loop.
public final class EventQueue<Event: Sendable>: Sendable {
    private struct State {
        var events: [Event] = []
        var wakesDeferred = false
    }

    private let state = Mutex(State())
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
        let wake = state.withLock { state in
            let wasEmpty = state.events.isEmpty
            state.events.append(event)
            return wasEmpty && !state.wakesDeferred
        }
        if wake { pipe.wake() }
    }

    /// Appends several events with at most one wake-up.
    public func post(contentsOf events: [Event]) {
        guard !events.isEmpty else { return }
        let wake = state.withLock { state in
            let wasEmpty = state.events.isEmpty
            state.events.append(contentsOf: events)
            return wasEmpty && !state.wakesDeferred
        }
        if wake { pipe.wake() }
    }

    /// Whether posts leave the loop asleep (it wakes at a deadline of its own and drains then).
    /// Turning deferral off with events already queued wakes the loop, so none is left waiting.
    public func deferWakes(_ deferred: Bool) {
        let wake = state.withLock { state in
            let wasDeferred = state.wakesDeferred
            state.wakesDeferred = deferred
            return wasDeferred && !deferred && !state.events.isEmpty
        }
        if wake { pipe.wake() }
    }

    /// Whether posts currently leave the loop asleep.
    public var wakesDeferred: Bool { state.withLock { $0.wakesDeferred } }

    /// Removes and returns every queued event, oldest first.
    public func drain() -> [Event] {
        state.withLock { state in
            let all = state.events
            state.events.removeAll(keepingCapacity: true)
            return all
        }
    }

    /// Whether events are waiting.
    public var isEmpty: Bool { state.withLock { $0.events.isEmpty } }
}
