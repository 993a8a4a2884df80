// One viewer's queue of pane events: filled by PaneStreams on a control client's reader thread,
// drained by one consumer (a WebSocket writer). It counts the bytes it holds so that PaneStreams
// can stop feeding a viewer that falls behind and give it a fresh snapshot later instead.
import Foundation
import Synchronization

/// A subscription to one pane's stream.
public final class PaneSubscription: Sendable {
    private struct State {
        var items: [PaneStreamEvent] = []
        var head = 0
        var bytes = 0
        var waiter: CheckedContinuation<PaneStreamEvent?, Never>?
        var finished = false
    }

    /// The subscription's id.
    public let id = UUID()
    /// The pane streamed.
    public let paneId: String
    private let state = Mutex(State())
    private let onCancel: @Sendable (UUID) -> Void

    init(paneId: String, onCancel: @escaping @Sendable (UUID) -> Void) {
        self.paneId = paneId
        self.onCancel = onCancel
    }

    /// The most output bytes one `next()` joins into one event.
    static let joinLimit = 64 * 1024

    /// The next event; nil once the stream ended and everything was taken. Output queued back to
    /// back comes as one event (up to `joinLimit` bytes): a viewer that fell behind a flood gets
    /// one frame, one write, for what queued meanwhile, not one per `%output` line.
    public func next() async -> PaneStreamEvent? {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { s -> PaneStreamEvent?? in
                if s.head < s.items.count { return .some(Self.pop(&s)) }
                if s.finished { return .some(nil) }
                s.waiter = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// Stops the stream (the viewer left).
    public func cancel() {
        finish()
        onCancel(id)
    }

    /// Queues `event`; returns the bytes now held. After `.ended` nothing more is queued.
    @discardableResult
    func push(_ event: PaneStreamEvent) -> Int {
        let (waiter, held) = state.withLock { s -> (CheckedContinuation<PaneStreamEvent?, Never>?, Int) in
            guard !s.finished else { return (nil, s.bytes) }
            if case .ended = event { s.finished = true }
            if let waiter = s.waiter {
                s.waiter = nil
                return (waiter, s.bytes)
            }
            s.items.append(event)
            s.bytes += event.size
            return (nil, s.bytes)
        }
        waiter?.resume(returning: event)
        return held
    }

    /// Bytes queued and not yet taken.
    var queuedBytes: Int { state.withLock { $0.bytes } }

    /// Ends the stream without an event (what is queued can still be taken).
    func finish() {
        let waiter = state.withLock { s -> CheckedContinuation<PaneStreamEvent?, Never>? in
            s.finished = true
            defer { s.waiter = nil }
            return s.head < s.items.count ? nil : s.waiter
        }
        waiter?.resume(returning: nil)
    }

    private static func pop(_ s: inout State) -> PaneStreamEvent {
        var event = s.items[s.head]
        s.head += 1
        s.bytes -= event.size
        if case .output(var bytes) = event {
            while s.head < s.items.count, case .output(let more) = s.items[s.head],
                bytes.count + more.count <= joinLimit
            {
                bytes += more
                s.head += 1
                s.bytes -= more.count
            }
            event = .output(bytes)
        }
        if s.head > 64, s.head * 2 > s.items.count {
            s.items.removeFirst(s.head)
            s.head = 0
        }
        return event
    }
}
