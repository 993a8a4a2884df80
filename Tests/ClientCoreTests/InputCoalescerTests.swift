import ClaudePMProtocol
import ClientCore
import Foundation
import TestSupport
import Testing

/// Runs an InputCoalescer against a fake clock and records every frame with its send time.
/// Sends complete at once unless `completeSends` is off (then `complete()` reports them).
struct CoalescerHarness {
    var coalescer: InputCoalescer
    var clock = FakeClock()
    var flushAt: MonotonicTime?
    var frames: [(time: MonotonicTime, message: ClientMessage)] = []
    var dropped = 0
    var completeSends = true
    var unconfirmed = 0

    init(configuration: InputCoalescer.Configuration = .init()) {
        coalescer = InputCoalescer(sessionId: "3f2b8c1e-0000-4000-8000-000000000001", configuration: configuration)
    }

    mutating func type(_ text: String) {
        apply(coalescer.append(text, now: clock.now))
    }

    mutating func apply(_ actions: [InputCoalescer.Action]) {
        var sent = 0
        for action in actions {
            switch action {
            case .send(let message):
                frames.append((clock.now, message))
                sent += 1
            case .scheduleFlush(let time): flushAt = time
            case .dropped(let bytes): dropped += bytes
            }
        }
        unconfirmed += sent
        if completeSends { complete() }
    }

    /// Reports every frame sent so far as written.
    mutating func complete() {
        while unconfirmed > 0 {
            unconfirmed -= 1
            apply(coalescer.sendCompleted(now: clock.now))
        }
    }

    /// Fires the flush timer if it is due by `time`, then moves the clock to `time`.
    mutating func advance(to time: MonotonicTime) {
        while let due = flushAt, due <= time {
            flushAt = nil
            clock.advance(to: due)
            apply(coalescer.flush(now: clock.now))
        }
        clock.advance(to: time)
    }

    /// Fires flush timers until nothing is pending.
    mutating func drain() {
        while let due = flushAt {
            advance(to: due)
        }
    }

    var sentText: String {
        frames.map { frame in
            if case .ptyData(_, let data) = frame.message { return data }
            return ""
        }.joined()
    }

    /// When each scalar of the sent text left, in order.
    var sendTimes: [MonotonicTime] {
        frames.flatMap { frame -> [MonotonicTime] in
            guard case .ptyData(_, let data) = frame.message else { return [] }
            return Array(repeating: frame.time, count: data.unicodeScalars.count)
        }
    }
}

@Suite struct InputCoalescerTests {
    @Test func aLoneKeyLeavesAtOnce() {
        var h = CoalescerHarness()
        h.type("y")
        #expect(h.frames.count == 1)
        #expect(h.flushAt == nil)
        h.clock.advance(by: .milliseconds(1))
        h.type("e")
        #expect(h.frames.count == 2)
        #expect(h.sentText == "ye")
    }

    @Test func keysTypedWhileASendIsInFlightLeaveTogetherWhenItCompletes() {
        var h = CoalescerHarness()
        h.completeSends = false
        h.type("l")
        h.type("s")
        h.type("\r")
        #expect(h.frames.count == 1)
        #expect(h.coalescer.framesInFlight == 1)
        h.clock.advance(by: .milliseconds(3))
        h.complete()
        #expect(h.frames.count == 2)
        #expect(h.sentText == "ls\r")
        #expect(h.frames[1].time == h.clock.now)
    }

    /// Key `i` of a typing run is scalar `i` of the text; its wait is send time minus arrival.
    static func typingRun(
        keysPerSecond: Double, seconds: Double, pasteEvery: Double? = nil, pingEvery: Double? = 15
    ) -> (waits: [Duration], harness: CoalescerHarness) {
        var h = CoalescerHarness()
        let start = h.clock.now
        let keyGap = Duration.seconds(1 / keysPerSecond)
        var arrivals: [MonotonicTime] = []
        var nextPaste = pasteEvery.map { start + .seconds($0) }
        var nextPing = pingEvery.map { start + .seconds($0) }
        var time = start
        var index = 0
        while time < start + .seconds(seconds) {
            h.advance(to: time)
            if let ping = nextPing, ping <= time, let every = pingEvery {
                h.coalescer.rate.record(at: time)
                nextPing = ping + .seconds(every)
            }
            if let paste = nextPaste, paste <= time, let every = pasteEvery {
                let text = String(repeating: "p", count: 2000)
                h.type(text)
                arrivals += Array(repeating: time, count: 2000)
                nextPaste = paste + .seconds(every)
            }
            h.type(String(UnicodeScalar(UInt8(97 + index % 26))))
            arrivals.append(time)
            index += 1
            time = time + keyGap
        }
        h.drain()
        let sent = h.sendTimes
        let waits = zip(arrivals, sent).map { $1 - $0 }
        #expect(sent.count == arrivals.count)
        return (waits, h)
    }

    @Test func typingSlowerThanTheRefillNeverWaits() {
        let (waits, h) = Self.typingRun(keysPerSecond: 6, seconds: 60)
        #expect(waits.allSatisfy { $0 == .zero })
        Self.expectUnderRateLimit(h.frames.map(\.time), limit: 80)
    }

    @Test(arguments: [15.0, 20.0])
    func sustainedTypingWithPastesNeverWaitsLong(keysPerSecond: Double) throws {
        let (waits, h) = Self.typingRun(keysPerSecond: keysPerSecond, seconds: 60, pasteEvery: 7)
        let worst = try #require(waits.max())
        let bound: Duration = keysPerSecond <= 15 ? .milliseconds(100) : .milliseconds(160)
        #expect(worst <= bound, "worst wait \(worst)")
        // The frames plus one ping per 15 s stay under the guard's budget, so the guard never
        // held a key for a window slide.
        Self.expectUnderRateLimit(h.frames.map(\.time), limit: 80)
    }

    @Test func theIssuesBurstAtTwentyKeysASecondIsNeverHeldForSeconds() throws {
        let (waits, _) = Self.typingRun(keysPerSecond: 20, seconds: 10, pingEvery: nil)
        let worst = try #require(waits.max())
        #expect(worst <= .milliseconds(160), "worst wait \(worst)")
    }

    @Test(arguments: ["plain", "quotes", "controls", "emoji"])
    func hundredKilobytePasteFitsFramesAndRate(kind: String) throws {
        let unit: String
        switch kind {
        case "plain": unit = "lorem ipsum dolor sit amet "
        case "quotes": unit = "\"\"\"\n\\\"/\n"
        case "controls": unit = "\u{1}\u{2}\u{1b}[A\u{7f}\t"
        default: unit = "🙂é漢字\u{2028}"
        }
        var paste = ""
        while paste.utf8.count < 100_000 { paste += unit }
        var h = CoalescerHarness()
        h.type(paste)
        h.clock.advance(by: .milliseconds(2))
        h.type("tail")
        h.drain()
        #expect(h.sentText == paste + "tail")
        for frame in h.frames {
            let size = try frame.message.encoded().count
            #expect(size <= 65_536, "frame of \(size) bytes")
        }
        #expect(h.frames.count >= 2)
        #expect(h.dropped == 0)
        Self.expectUnderRateLimit(h.frames.map(\.time), limit: 80)
    }

    /// About 13 s of CPU in a debug build: on a thread of its own, not the concurrency pool.
    @Test(.ownThread) func giantPasteIsSpreadOverTimeUnderTheLimit() throws {
        var h = CoalescerHarness()
        // About 150 frames' worth: must take longer than one 10 s window.
        let paste = String(repeating: "\"", count: 32_000 * 150)
        h.type(paste)
        h.drain()
        #expect(h.sentText.count == paste.count)
        let span = try #require(h.frames.last?.time).duration(since: try #require(h.frames.first?.time))
        #expect(span >= .seconds(10))
        Self.expectUnderRateLimit(h.frames.map(\.time), limit: 80)
    }

    @Test func backlogBeyondTheCapIsDroppedAndCounted() {
        var configuration = InputCoalescer.Configuration()
        configuration.maxPendingBytes = 1000
        var h = CoalescerHarness(configuration: configuration)
        h.type(String(repeating: "a", count: 1500))
        #expect(h.dropped == 500)
        h.drain()
        #expect(h.sentText.count == 1000)
    }

    @Test func discardReturnsPendingBytes() {
        var h = CoalescerHarness()
        h.completeSends = false
        h.type("a")
        h.type("héllo")
        #expect(h.coalescer.discardPending() == 6)
        h.complete()
        h.drain()
        #expect(h.sentText == "a")
    }

    @Test func splitNeverCutsInsideAScalar() throws {
        let text = String(repeating: "漢🙂", count: 20_000)
        let chunks = InputCoalescer.split(Array(text.unicodeScalars)[...], sessionId: "s", maxFrameBytes: 4096)
        #expect(chunks.count > 1)
        #expect(chunks.map { String(String.UnicodeScalarView($0)) }.joined() == text)
        for chunk in chunks {
            let size = try #require(InputCoalescer.encodedSize(sessionId: "s", scalars: chunk))
            #expect(size <= 4096)
        }
    }

    /// Checks that no 10 s sliding window holds more than `limit` frames.
    static func expectUnderRateLimit(_ times: [MonotonicTime], limit: Int) {
        for (index, time) in times.enumerated() {
            let inWindow = times[index...].prefix { $0 - time < .seconds(10) }.count
            #expect(inWindow <= limit, "\(inWindow) frames within 10 s")
        }
    }
}

@Suite struct RateGuardAndResizeTests {
    @Test func rateGuardSlidesItsWindow() {
        var rate = RateGuard(budget: 3, window: .seconds(10))
        let start = MonotonicTime.seconds(100)
        let first = rate.tryRecord(at: start)
        let second = rate.tryRecord(at: start + .seconds(1))
        rate.record(at: start + .seconds(2))
        let fourth = rate.tryRecord(at: start + .seconds(3))
        #expect(first && second && !fourth)
        let next = rate.nextAvailable(at: start + .seconds(3))
        #expect(next == start + .seconds(10))
        let justBefore = rate.available(at: start + .milliseconds(9_999))
        let atTen = rate.available(at: start + .seconds(10))
        #expect(justBefore == 0 && atTen == 1)
        var three = RateGuard(budget: 3, window: .seconds(10))
        for second in 0..<3 { three.record(at: start + .seconds(Double(second))) }
        let twoMore = three.nextAvailable(count: 2, at: start + .seconds(3))
        #expect(twoMore == start + .seconds(11))
    }

    @Test func resizeIsDebouncedAndNotRepeated() {
        var debouncer = ResizeDebouncer(delay: .milliseconds(100))
        let t0 = MonotonicTime.seconds(5)
        debouncer.confirm(.init(cols: 80, rows: 24))
        let same = debouncer.resize(to: .init(cols: 80, rows: 24), now: t0)
        #expect(same == nil)
        let first = debouncer.resize(to: .init(cols: 90, rows: 24), now: t0)
        #expect(first == t0 + .milliseconds(100))
        let later = t0 + .milliseconds(50)
        let second = debouncer.resize(to: .init(cols: 100, rows: 30), now: later)
        #expect(second == later + .milliseconds(100))
        let early = debouncer.fire(now: t0 + .milliseconds(100))
        #expect(early == nil)
        let due = debouncer.fire(now: later + .milliseconds(100))
        #expect(due == .init(cols: 100, rows: 30))
        #expect(debouncer.lastSent == .init(cols: 100, rows: 30))
        // Back and forth ending on the size the server has: nothing is sent.
        _ = debouncer.resize(to: .init(cols: 120, rows: 30), now: t0 + .seconds(1))
        _ = debouncer.resize(to: .init(cols: 100, rows: 30), now: t0 + .seconds(1))
        let none = debouncer.fire(now: t0 + .seconds(2))
        #expect(none == nil)
        #expect(ResizeDebouncer.Size(cols: 900, rows: 0).clampedForServer == .init(cols: 500, rows: 1))
    }
}
