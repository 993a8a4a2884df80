// TimerSet: a timer fires once with its token; a cancelled or replaced one never does (the
// reason it is a dispatch source: a cancelled sleeping task still woke the process).

import ClientCore
import Synchronization
import Testing

@testable import ClientNetwork

@Suite struct TimerSetTests {
    private enum Kind: Hashable, Sendable { case early, replaced, late }

    @Test func cancelledAndReplacedTimersNeverFireAndTheLiveOnesFireOnce() async {
        let clock = MonotonicClock()
        let (fired, continuation) = AsyncStream.makeStream(of: (Kind, UInt64).self)
        var timers = TimerSet<Kind>()
        let now = clock.now()
        timers.schedule(.early, at: now + .milliseconds(20), clock: clock) { continuation.yield((.early, $0)) }
        timers.schedule(.replaced, at: now + .milliseconds(30), clock: clock) { continuation.yield((.replaced, $0)) }
        timers.cancel(.early)
        timers.schedule(.replaced, at: now + .milliseconds(150), clock: clock) {
            continuation.yield((.replaced, $0))
        }
        timers.schedule(.late, at: now + .milliseconds(300), clock: clock) { continuation.yield((.late, $0)) }

        var seen: [Kind] = []
        var tokens: [Kind: UInt64] = [:]
        for await (kind, token) in fired {
            seen.append(kind)
            tokens[kind] = token
            if kind == .late { break }
        }
        // The early timer's 20 ms and the first replaced one's 30 ms passed long before the late
        // one fired at 300 ms: had either been armed still, it would be in `seen`.
        #expect(seen == [.replaced, .late])
        #expect(clock.now() >= now + .milliseconds(300))
        let first = timers.take(.replaced, token: tokens[.replaced] ?? 0)
        let again = timers.take(.replaced, token: tokens[.replaced] ?? 0)
        let late = timers.take(.late, token: tokens[.late] ?? 0)
        #expect(first && !again && late)
    }

    @Test func aTimerInThePastFiresAtOnce() async {
        let clock = MonotonicClock()
        let (fired, continuation) = AsyncStream.makeStream(of: UInt64.self)
        var timers = TimerSet<Kind>()
        timers.schedule(.early, at: clock.now(), clock: clock) { continuation.yield($0) }
        var iterator = fired.makeAsyncIterator()
        let token = await iterator.next()
        #expect(token != nil)
        let taken = timers.take(.early, token: token ?? 0)
        #expect(taken)
        timers.cancelAll()
    }
}
