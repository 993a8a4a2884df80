// OutputTicker: a pane that keeps writing is handed over at most once per busy interval unless it
// goes quiet, and its last mark is always handed over, as soon as it has been quiet.

import Synchronization
import Testing

@testable import ServerCore

@Suite struct OutputTickerTests {
    private final class Flushes: Sendable {
        let log = Mutex<[(ContinuousClock.Instant, Set<OutputTicker.Mark>)]>([])
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self)

        func record(_ batch: Set<OutputTicker.Mark>) {
            log.withLock { $0.append((ContinuousClock.now, batch)) }
            continuation.yield()
        }

        func times(of mark: OutputTicker.Mark) -> [ContinuousClock.Instant] {
            log.withLock { $0 }.filter { $0.1.contains(mark) }.map(\.0)
        }

        /// Whether `mark` was handed over at or after `instant`, waiting up to `seconds`.
        func handedOver(
            _ mark: OutputTicker.Mark, since instant: ContinuousClock.Instant, within seconds: Int
        ) async
            -> Bool
        {
            let deadline = ContinuousClock.now + .seconds(seconds)
            while ContinuousClock.now < deadline {
                if times(of: mark).contains(where: { $0 >= instant }) { return true }
                try? await Task.sleep(for: .milliseconds(10))
            }
            return false
        }
    }

    private static let busy = OutputTicker.Mark(pane: "%1", session: "s")

    /// Marks `busy` every 2 ms for at least `span` and until one hand-over came before the last
    /// mark (on a loaded machine the ticker's task may first run much later); returns the marks.
    private static func markBusily(
        _ ticker: OutputTicker, _ flushes: Flushes, span: Duration
    ) async -> [ContinuousClock.Instant] {
        let start = ContinuousClock.now
        var marks: [ContinuousClock.Instant] = []
        let handedOverBeforeLastMark = {
            marks.last.map { last in flushes.times(of: busy).contains { $0 < last } } ?? false
        }
        while ContinuousClock.now - start < span || !handedOverBeforeLastMark() {
            marks.append(ContinuousClock.now)
            ticker.mark(busy.pane, session: busy.session)
            try? await Task.sleep(for: .milliseconds(2))
        }
        return marks
    }

    @Test func aBusyPaneIsHandedOverAtMostOncePerIntervalAndItsLastMarkAlways() async {
        let flushes = Flushes()
        let ticker = OutputTicker(delay: .milliseconds(10), quiet: .seconds(2), busyInterval: .milliseconds(50)) {
            flushes.record($0)
        }
        let marks = await Self.markBusily(ticker, flushes, span: .milliseconds(400))
        ticker.mark("%2", session: "s")
        #expect(await flushes.handedOver(Self.busy, since: marks.last!, within: 30))
        #expect(await flushes.handedOver(OutputTicker.Mark(pane: "%2", session: "s"), since: marks.last!, within: 30))
        let times = flushes.times(of: Self.busy)
        // A hand-over sooner than the interval is one the marks earned by pausing for `quiet`
        // (a stalled test task); none paused so long that it is not excused here.
        let paused = zip(marks.dropFirst(), marks).contains { $0 - $1 >= .seconds(2) }
        let gaps = zip(times.dropFirst(), times).map { $0 - $1 }
        #expect(times.count >= 2)
        // The clock is read in the flush, a moment after the ticker's own: 5 ms of slack.
        #expect(paused || gaps.allSatisfy { $0 >= .milliseconds(45) }, "\(gaps)")
    }

    @Test func aBusyPaneThatGoesQuietIsHandedOverWithoutWaitingForItsInterval() async {
        let flushes = Flushes()
        // An interval no test waits for: the hand-over after the last mark can only be the quiet one.
        let ticker = OutputTicker(delay: .milliseconds(10), quiet: .milliseconds(20), busyInterval: .seconds(120)) {
            flushes.record($0)
        }
        let marks = await Self.markBusily(ticker, flushes, span: .milliseconds(100))
        #expect(await flushes.handedOver(Self.busy, since: marks.last!, within: 30), "the quiet pane was not read")
    }
}
