// The bounded queue between a PTY reader and one consumer of `PTYProcess.output`.
//
// Backpressure policy (lossless): chunks are queued until the consumer takes them; when more than
// `highWater` bytes are queued the reader is told to pause (it suspends its read source, so the
// child eventually blocks writing to its terminal, as with a slow real terminal), and once the
// consumer has drained the queue below `lowWater` the drain handler lets the reader resume.
import Synchronization

/// A single-consumer, bounded, lossless byte-chunk queue.
final class PTYOutputBuffer: Sendable {
    private struct State {
        var chunks: [[UInt8]] = []
        var head = 0
        var queuedBytes = 0
        var finished = false
        var paused = false
        var waiter: CheckedContinuation<[UInt8]?, Never>?
    }

    private let state = Mutex(State())
    private let highWater: Int
    private let lowWater: Int
    private let mergeLimit: Int
    private let drainHandler = Mutex<(@Sendable () -> Void)?>(nil)

    /// A queue that pauses its producer above `highWater` bytes, resumes it below `lowWater`, and
    /// hands out queued chunks merged up to `mergeLimit` bytes.
    init(highWater: Int, lowWater: Int, mergeLimit: Int = 65_536) {
        self.highWater = highWater
        self.lowWater = lowWater
        self.mergeLimit = mergeLimit
    }

    /// Sets the callback run (on the consumer's thread) when a paused producer may resume.
    func setDrainHandler(_ handler: @escaping @Sendable () -> Void) {
        drainHandler.withLock { $0 = handler }
    }

    /// Queues a chunk (or hands it straight to a waiting consumer). Returns true when the producer
    /// must pause until the drain handler is called.
    func append(_ chunk: [UInt8]) -> Bool {
        let (waiter, pause) = state.withLock { state -> (CheckedContinuation<[UInt8]?, Never>?, Bool) in
            if let waiter = state.waiter {
                state.waiter = nil
                return (waiter, false)
            }
            state.chunks.append(chunk)
            state.queuedBytes += chunk.count
            if state.queuedBytes > highWater && !state.paused { state.paused = true }
            return (nil, state.paused)
        }
        waiter?.resume(returning: chunk)
        return pause
    }

    /// Marks the end of the stream; the consumer gets the queued chunks, then nil.
    func finish() {
        let waiter = state.withLock { state -> CheckedContinuation<[UInt8]?, Never>? in
            state.finished = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: nil)
    }

    /// The number of bytes queued and not yet taken.
    var queuedBytes: Int { state.withLock { $0.queuedBytes } }

    /// The next chunk, waiting if none is queued; nil at the end or when the calling task is cancelled.
    func next() async -> [UInt8]? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let (ready, drained) = state.withLock { state -> (Result<[UInt8]?, Never>?, Bool) in
                    if let chunk = take(&state) { return (.success(chunk), drainedBelowLowWater(&state)) }
                    if state.finished || Task.isCancelled { return (.success(nil), false) }
                    state.waiter = continuation
                    return (nil, false)
                }
                if drained { drainHandler.withLock { $0 }?() }
                if let ready { continuation.resume(with: ready) }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<[UInt8]?, Never>? in
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(returning: nil)
        }
    }

    /// The oldest queued chunk, with the chunks queued after it appended while the total stays within
    /// `mergeLimit`: a consumer that fell behind catches up in few, large steps.
    private func take(_ state: inout State) -> [UInt8]? {
        guard state.head < state.chunks.count else { return nil }
        var chunk = state.chunks[state.head]
        state.chunks[state.head] = []
        state.head += 1
        while state.head < state.chunks.count, chunk.count + state.chunks[state.head].count <= mergeLimit {
            chunk.append(contentsOf: state.chunks[state.head])
            state.chunks[state.head] = []
            state.head += 1
        }
        state.queuedBytes -= chunk.count
        if state.head == state.chunks.count {
            state.chunks.removeAll(keepingCapacity: true)
            state.head = 0
        } else if state.head > 64 && state.head * 2 > state.chunks.count {
            state.chunks.removeFirst(state.head)
            state.head = 0
        }
        return chunk
    }

    private func drainedBelowLowWater(_ state: inout State) -> Bool {
        guard state.paused && state.queuedBytes < lowWater else { return false }
        state.paused = false
        return true
    }
}
