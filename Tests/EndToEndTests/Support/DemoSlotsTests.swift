// The gate that bounds how many demo servers the run keeps alive (DemoSlots): first come, first
// served, a wide world is not overtaken, and slots come back when a world throws.
import Foundation
import TestSupport
import Testing

@Suite struct DemoSlotsTests {
    /// The order in which holders got in.
    actor Log {
        var entries: [String] = []
        func add(_ entry: String) { entries.append(entry) }
    }

    /// A latch a holder waits on until the test opens it.
    final class Latch: Sendable {
        private let stream: AsyncStream<Void>
        private let continuation: AsyncStream<Void>.Continuation
        init() { (stream, continuation) = AsyncStream.makeStream() }
        func open() { continuation.finish() }
        func wait() async { for await _ in stream {} }
    }

    @Test func aWorldNeedingTwoSlotsIsNotOvertakenByOnesNeedingOne() async throws {
        let slots = DemoSlots(capacity: 2)
        let log = Log()
        let first = Latch()
        let holder = Task {
            await slots.with(1) {
                await log.add("one")
                await first.wait()
            }
        }
        #expect(await eventually(within: 10) { await slots.available == 1 })
        let wide = Task { await slots.with(2) { await log.add("two") } }
        // The wide world is in line before the narrow one asks.
        #expect(await eventually(within: 10) { await slots.waiting == 1 })
        let narrow = Task { await slots.with(1) { await log.add("narrow") } }
        #expect(await eventually(within: 10) { await slots.waiting == 2 })
        // One slot is free, but the narrow world waits behind the wide one.
        #expect(await slots.available == 1)
        #expect(await log.entries == ["one"])
        first.open()
        await holder.value
        await wide.value
        await narrow.value
        #expect(await log.entries == ["one", "two", "narrow"])
        #expect(await slots.available == 2)
    }

    @Test func slotsComeBackWhenTheWorldThrows() async throws {
        struct Failure: Error {}
        let slots = DemoSlots(capacity: 1)
        await #expect(throws: Failure.self) { try await slots.with { throw Failure() } }
        #expect(await slots.available == 1)
        // More than the capacity is asked as the whole capacity, not waited for for ever.
        let ran = await slots.with(5) { await slots.available == 0 }
        #expect(ran)
        #expect(await slots.available == 1)
    }
}
