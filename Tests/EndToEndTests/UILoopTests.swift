// The UI loop (`UILoop`) with a fake clock: bursts coalesce into one frame, frames are capped, an idle
// loop blocks without a timeout, input bytes arrive in batches, keys typed during a hand-over of
// output go before the rest of it, and one iteration's work is bounded.
import ClientRuntime
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A client that records what the loop gives it.
final class RecordingClient: UILoopClient {
    typealias Event = Int
    var batches: [LoopBatch<Int>] = []
    var renders: [Duration] = []
    var deadline: Duration?
    var isFinished = false
    var onRender: (@Sendable () -> Void)?
    var onHandle: ((LoopBatch<Int>) -> Void)?

    func handle(_ batch: LoopBatch<Int>, now: Duration) -> Bool {
        batches.append(batch)
        onHandle?(batch)
        if batch.events.contains(-1) || batch.inputClosed { isFinished = true }
        return !batch.events.isEmpty || !batch.input.isEmpty
    }

    func render(now: Duration) {
        renders.append(now)
        onRender?()
    }

    func nextDeadline() -> Duration? { deadline }
}

@Suite("UILoop", .ownThread)
struct UILoopTests {
    private let interval = FrameLimiter(framesPerSecond: 60).interval

    /// A 60 fps loop on a manual clock that drew its first frame, then 1 ms later handled `value`
    /// (so a frame is pending and not yet due).
    private static func loopWithPendingFrame(
        posting value: Int
    ) throws -> (ManualLoopClock, RecordingClient, UILoop<RecordingClient>) {
        let clock = ManualLoopClock()
        let client = RecordingClient()
        let loop = UILoop(client: client, queue: try EventQueue(), inputFD: -1, framesPerSecond: 60, clock: clock)
        loop.runOnce()
        clock.advance(by: .milliseconds(1))
        loop.queue.post(value)
        loop.runOnce()
        return (clock, client, loop)
    }

    @Test("a burst of 100 events from another thread produces one frame")
    func burstCoalesces() throws {
        let clock = ManualLoopClock()
        let client = RecordingClient()
        let loop = UILoop(client: client, queue: try EventQueue(), inputFD: -1, clock: clock)
        loop.runOnce()
        #expect(client.renders.count == 1, "first frame")
        clock.advance(by: .seconds(1))
        let queue = loop.queue
        let poster = Thread { for value in 1...100 { queue.post(value) } }
        poster.start()
        while !poster.isFinished { usleep(1000) }
        let handed = client.batches.count
        loop.runOnce()
        #expect(client.renders.count == 2)
        #expect(client.batches.dropFirst(handed).flatMap(\.events) == Array(1...100))
        #expect(loop.pollTimeout(now: clock.now()) == nil, "idle again: no timeout")
    }

    @Test("keys typed while queued output is handed over go to the client before the rest of it")
    func keysGoBetweenSlices() throws {
        var fds: [Int32] = [-1, -1]
        try #require(pipe(&fds) == 0)
        defer { close(fds[0]) }
        defer { close(fds[1]) }
        let client = RecordingClient()
        let loop = UILoop(client: client, queue: try EventQueue(), inputFD: fds[0], clock: ManualLoopClock())
        loop.runOnce()
        let writer = fds[1]
        // The key arrives while the client handles the first slice of output.
        client.onHandle = { batch in
            if batch.events.first == 1 { _ = [UInt8(ascii: "j")].withUnsafeBytes { write(writer, $0.baseAddress, 1) } }
        }
        let handed = client.batches.count
        loop.queue.post(contentsOf: Array(1...100))
        loop.runOnce()
        let batches = Array(client.batches.dropFirst(handed))
        let key = try #require(batches.firstIndex { $0.input == Array("j".utf8) }, "the key was not handed over")
        let before = batches[..<key].flatMap(\.events)
        #expect(before == Array(1...UILoop<RecordingClient>.sliceSize), "the key waited for more than one slice")
        #expect(batches.flatMap(\.events) == Array(1...100), "output lost or reordered around the key")
    }

    @Test("an iteration hands over half a frame of work; the rest goes first in the next, before newer posts")
    func workBudgetLeavesABacklogInOrder() throws {
        let clock = ManualLoopClock()
        let client = RecordingClient()
        let loop = UILoop(client: client, queue: try EventQueue(), inputFD: -1, framesPerSecond: 60, clock: clock)
        loop.runOnce()
        // Each event costs 1 ms of the loop's time: half a 60 fps frame is 8.3 ms, nine slices'
        // worth would be 144 ms.
        client.onHandle = { batch in clock.advance(by: .milliseconds(batch.events.count)) }
        let handed = client.batches.count
        loop.queue.post(contentsOf: Array(1...144))
        loop.runOnce()
        let first = client.batches.dropFirst(handed).flatMap(\.events)
        #expect(first == Array(1...UILoop<RecordingClient>.sliceSize), "more than the budget was handed over")
        loop.queue.post(1000)
        let next = client.batches.count
        loop.runOnce()
        let second = client.batches.dropFirst(next).flatMap(\.events)
        #expect(second.first == UILoop<RecordingClient>.sliceSize + 1, "the backlog did not go first")
        while !client.batches.flatMap(\.events).contains(1000) { loop.runOnce() }
        #expect(client.batches.flatMap(\.events) == Array(1...144) + [1000])
    }

    @Test("frames are at least 1/60 s apart; the loop sleeps exactly until the early hand-over, then the frame")
    func frameCap() throws {
        let (clock, client, loop) = try Self.loopWithPendingFrame(posting: 7)
        #expect(client.renders.count == 1, "second frame must wait")
        let early = try #require(loop.pollTimeout(now: clock.now()))
        #expect(early == interval - .milliseconds(1) - interval / 4)
        clock.advance(by: early)
        loop.runOnce()
        #expect(client.renders.count == 1, "the early hand-over draws nothing")
        let rest = try #require(loop.pollTimeout(now: clock.now()))
        #expect(rest == interval / 4)
        clock.advance(by: rest)
        loop.runOnce()
        #expect(client.renders.count == 2)
        #expect(client.renders[1] - client.renders[0] >= interval)
    }

    @Test("posts while a frame is pending are handed over a quarter interval before it; the frame gets the rest")
    func earlyHandOver() throws {
        let (clock, client, loop) = try Self.loopWithPendingFrame(posting: 1)
        loop.queue.post(2)
        clock.advance(by: try #require(loop.pollTimeout(now: clock.now())))
        loop.runOnce()
        #expect(client.batches.last?.events == [2], "handed to the client before the frame is due")
        #expect(client.renders.count == 1)
        loop.queue.post(3)
        #expect(loop.queue.wakesDeferred, "after the hand-over, posts wait for the frame")
        #expect(loop.pollTimeout(now: clock.now()) == interval / 4)
        clock.advance(by: interval / 4)
        loop.runOnce()
        #expect(client.renders.count == 2)
        #expect(client.batches.last?.events == [3], "the frame starts with only what came after the hand-over")
    }

    @Test("an idle loop wakes only for real work")
    func idleMakesNoWakeups() throws {
        let queue = try EventQueue<Int>()
        let result = LockedBox<(wakeups: Int, frames: Int)?>(nil)
        let firstFrame = LockedBox(false)
        let runner = Thread {
            let client = RecordingClient()
            client.onRender = { firstFrame.value = true }
            let loop = UILoop(client: client, queue: queue, inputFD: -1)
            loop.run()
            result.value = (loop.wakeups, loop.frames)
        }
        runner.start()
        while !firstFrame.value { usleep(1000) }
        usleep(300_000)
        queue.post(-1)
        while !runner.isFinished { usleep(1000) }
        let counts = try #require(result.value)
        #expect(counts.wakeups == 2, "one first frame, one stop event; nothing while idle")
        #expect(counts.frames == 1)
    }

    @Test("a client deadline bounds the wait")
    func deadlineBoundsWait() throws {
        let clock = ManualLoopClock()
        let client = RecordingClient()
        let loop = UILoop(client: client, queue: try EventQueue(), inputFD: -1, clock: clock)
        loop.runOnce()
        client.deadline = .milliseconds(250)
        #expect(loop.pollTimeout(now: clock.now()) == .milliseconds(250))
        clock.advance(by: .milliseconds(300))
        #expect(loop.pollTimeout(now: clock.now()) == .zero)
    }

    @Test("input bytes arrive in one batch and end of input is reported once")
    func inputBatches() throws {
        var fds: [Int32] = [-1, -1]
        try #require(pipe(&fds) == 0)
        defer { close(fds[0]) }
        let client = RecordingClient()
        let loop = UILoop(client: client, queue: try EventQueue(), inputFD: fds[0], clock: ManualLoopClock())
        loop.runOnce()
        _ = Array("abc\u{1B}[A".utf8).withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
        loop.runOnce()
        #expect(client.batches.last?.input == Array("abc\u{1B}[A".utf8))
        close(fds[1])
        loop.runOnce()
        #expect(client.batches.last?.inputClosed == true)
        #expect(client.isFinished)
    }

    @Test("while a frame is pending, posts do not wake the loop; the frame drains them")
    func pendingFrameDefersWakes() throws {
        let (clock, client, loop) = try Self.loopWithPendingFrame(posting: 7)
        #expect(client.renders.count == 1, "the second frame is not due yet")
        loop.runOnce()
        #expect(loop.queue.wakesDeferred, "the loop sleeps until the frame is due")
        loop.queue.post(8)
        #expect(!Self.readable(loop.pipe.readFD), "a post while a frame is pending writes no wake-up")
        clock.advance(by: .milliseconds(16))
        loop.runOnce()
        #expect(client.renders.count == 2)
        #expect(client.batches.last?.events == [8])
        #expect(!loop.queue.wakesDeferred, "nothing pending: posts wake the loop again")
    }

    @Test("ending deferral with events queued wakes the loop; otherwise posts wake it once")
    func deferralEndsWithWake() throws {
        let queue = try EventQueue<Int>()
        queue.deferWakes(true)
        queue.post(1)
        queue.post(contentsOf: [2, 3])
        #expect(!Self.readable(queue.pipe.readFD))
        queue.deferWakes(false)
        #expect(Self.readable(queue.pipe.readFD), "queued events must not be left waiting")
        #expect(queue.pipe.drain().queued)
        #expect(queue.drain() == [1, 2, 3])
        queue.deferWakes(true)
        queue.deferWakes(false)
        #expect(!Self.readable(queue.pipe.readFD), "nothing queued: no wake-up")
        queue.post(4)
        #expect(Self.readable(queue.pipe.readFD))
    }

    private static func readable(_ fd: Int32) -> Bool {
        var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
        return poll(&fds, 1, 0) > 0
    }

    @Test("ppoll timeouts keep the nanoseconds, rounded up, and never go negative")
    func timeoutPrecision() {
        func parts(_ timeout: Duration?) -> [Int]? {
            UILoop<RecordingClient>.timespec(timeout).map { [$0.tv_sec, $0.tv_nsec] }
        }
        #expect(parts(nil) == nil)
        #expect(parts(.zero) == [0, 0])
        #expect(parts(.milliseconds(-5)) == [0, 0])
        #expect(parts(.nanoseconds(1)) == [0, 1])
        #expect(parts(.milliseconds(16) + .microseconds(667)) == [0, 16_667_000])
        #expect(parts(.seconds(2) + .nanoseconds(999_999_999)) == [2, 999_999_999])
    }
}

/// A client whose frames answer input (an echo).
final class EchoClient: UILoopClient {
    typealias Event = Int
    var renders: [Duration] = []
    var isFinished = false
    var echo = false

    func handle(_ batch: LoopBatch<Int>, now: Duration) -> Bool { !batch.events.isEmpty }
    func render(now: Duration) {
        renders.append(now)
        echo = false
    }
    func nextDeadline() -> Duration? { nil }
    var awaitsEcho: Bool { echo }
    var frameAnswersInput: Bool { echo }
}

@Suite("UILoop echo", .ownThread)
struct UILoopEchoTests {
    @Test("a frame that answers input is drawn at once, outside the frame cap; the next is capped again")
    func echoSkipsTheCap() throws {
        let clock = ManualLoopClock()
        let client = EchoClient()
        let loop = UILoop(client: client, queue: try EventQueue(), inputFD: -1, framesPerSecond: 60, clock: clock)
        loop.runOnce()
        #expect(client.renders.count == 1)
        clock.advance(by: .milliseconds(1))
        client.echo = true
        loop.queue.post(1)
        loop.runOnce()
        #expect(client.renders.count == 2, "the echo waited for the frame slot")
        clock.advance(by: .milliseconds(1))
        loop.queue.post(2)
        loop.runOnce()
        #expect(client.renders.count == 2, "a flood frame must wait for the cap")
    }
}
