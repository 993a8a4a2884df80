import ClientCore
import TestSupport
import Testing

@Suite struct InputPacerTests {
    @Test func aFullBucketLetsThreeKeysGoThenRefillsOneTokenPerRefill() {
        var pacer = InputPacer(refill: .milliseconds(100), capacity: 3, debt: 1)
        let t0 = MonotonicTime.seconds(10)
        for _ in 0..<3 {
            #expect(pacer.allows(batch: false, at: t0))
            pacer.spend(at: t0)
        }
        #expect(!pacer.allows(batch: false, at: t0))
        #expect(pacer.allows(batch: true, at: t0), "a batch may borrow one token")
        #expect(pacer.nextAllowed(batch: false, at: t0) == t0 + .milliseconds(100))
        #expect(pacer.allows(batch: false, at: t0 + .milliseconds(100)))
        #expect(pacer.tokens(at: t0 + .seconds(60)) == 3, "never more than the capacity")
    }

    @Test func debtIsBoundedSoABatchWaitsToo() {
        var pacer = InputPacer(refill: .milliseconds(100), capacity: 1, debt: 1)
        let t0 = MonotonicTime.seconds(10)
        pacer.spend(at: t0)
        pacer.spend(at: t0)
        #expect(pacer.tokens(at: t0) == -1)
        #expect(!pacer.allows(batch: true, at: t0))
        #expect(pacer.nextAllowed(batch: true, at: t0) == t0 + .milliseconds(100))
        #expect(pacer.nextAllowed(batch: false, at: t0) == t0 + .milliseconds(200))
    }

    @Test func anyWindowHoldsAtMostCapacityPlusDebtPlusRefills() {
        // Spend whenever a batch is allowed for 30 s: the densest schedule the pacer permits.
        var pacer = InputPacer()
        var times: [MonotonicTime] = []
        var now = MonotonicTime.seconds(100)
        while now < .seconds(130) {
            now = pacer.nextAllowed(batch: true, at: now)
            pacer.spend(at: now)
            times.append(now)
        }
        for (index, time) in times.enumerated() {
            let inWindow = times[index...].prefix { $0 - time < .seconds(10) }.count
            #expect(inWindow <= 79)
        }
    }
}
