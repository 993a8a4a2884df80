// The PTY output queue on its own: order, merging of queued chunks up to the merge limit,
// and the pause/resume signals around the high- and low-water marks.
import Synchronization
import Testing

@testable import ServerCore

@Suite("PTY output buffer")
struct PTYOutputBufferTests {
    @Test func queuedChunksAreMergedInOrderUpToTheLimit() async {
        let buffer = PTYOutputBuffer(highWater: 1_000, lowWater: 10, mergeLimit: 8)
        for chunk: [UInt8] in [[1, 2, 3], [4, 5], [6, 7, 8], [9], [10, 11, 12, 13, 14, 15, 16, 17, 18]] {
            _ = buffer.append(chunk)
        }
        buffer.finish()
        var taken: [[UInt8]] = []
        while let chunk = await buffer.next() { taken.append(chunk) }
        #expect(taken == [[1, 2, 3, 4, 5, 6, 7, 8], [9], [10, 11, 12, 13, 14, 15, 16, 17, 18]])
        #expect(buffer.queuedBytes == 0)
    }

    @Test func producerPausesAboveHighWaterAndResumesBelowLowWater() async {
        let buffer = PTYOutputBuffer(highWater: 10, lowWater: 5, mergeLimit: 4)
        let resumed = Mutex(0)
        buffer.setDrainHandler { resumed.withLock { $0 += 1 } }
        let pauses = (0..<4).map { _ in buffer.append([0, 0, 0, 0]) }
        #expect(pauses == [false, false, true, true])
        _ = await buffer.next()
        _ = await buffer.next()
        #expect(resumed.withLock { $0 } == 0)
        _ = await buffer.next()
        #expect(resumed.withLock { $0 } == 1)
        #expect(buffer.queuedBytes == 4)
    }
}
