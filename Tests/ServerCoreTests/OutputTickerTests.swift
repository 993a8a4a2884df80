// OutputTicker: a pane that keeps writing is handed over at most once per busy interval, and the
// last mark of a burst is always handed over.

import Synchronization
import Testing

@testable import ServerCore

@Suite struct OutputTickerTests {
    private final class Flushes: Sendable {
        let log = Mutex<[(ContinuousClock.Instant, Set<OutputTicker.Mark>)]>([])
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
    }

    @Test func aBusyPaneIsHandedOverAtMostOncePerIntervalAndItsLastMarkAlways() async {
        let flushes = Flushes()
        let ticker = OutputTicker(delay: .milliseconds(10), busyInterval: .milliseconds(50)) { batch in
            flushes.log.withLock { $0.append((ContinuousClock.now, batch)) }
            flushes.continuation.yield()
        }
        let busy = OutputTicker.Mark(pane: "%1", session: "s")
        let start = ContinuousClock.now
        var lastMark = start
        // At least 400 ms of marks, and until one was handed over before the last mark (on a
        // loaded machine the ticker's task may first run much later): the last mark then needs a
        // hand-over of its own.
        let handedOverBeforeLastMark = { (last: ContinuousClock.Instant) in
            flushes.log.withLock { log in log.contains { $0.0 < last } }
        }
        while ContinuousClock.now - start < .milliseconds(400) || !handedOverBeforeLastMark(lastMark) {
            lastMark = ContinuousClock.now
            ticker.mark(busy.pane, session: busy.session)
            try? await Task.sleep(for: .milliseconds(2))
        }
        ticker.mark("%2", session: "s")
        // Wait until a flush after the last marks has handed over both panes.
        for await _ in flushes.stream {
            let log = flushes.log.withLock { $0 }
            let afterLast = log.filter { $0.0 >= lastMark }.reduce(into: Set<OutputTicker.Mark>()) {
                $0.formUnion($1.1)
            }
            if afterLast.contains(busy), afterLast.contains(OutputTicker.Mark(pane: "%2", session: "s")) { break }
        }
        let times = flushes.log.withLock { $0 }.filter { $0.1.contains(busy) }.map(\.0)
        let gaps = zip(times.dropFirst(), times).map { $0 - $1 }
        #expect(times.count >= 2)
        // The clock is read in the flush, a moment after the ticker's own: 5 ms of slack.
        #expect(gaps.allSatisfy { $0 >= .milliseconds(45) }, "\(gaps)")
        // The marks' span at most every 50 ms, plus the first and the trailing hand-over.
        #expect(times.count <= Int((lastMark - start) / .milliseconds(50)) + 2)
    }
}
