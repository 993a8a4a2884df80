// WaitingDetector (the actor) with real timers, shortened so the test is quick; results are awaited
// from its event stream with a generous deadline.
import ClaudePMProtocol
import Testing

@testable import ServerCore

@Suite struct WaitingDetectorTests {
    @Test func realTimersProduceEdges() async throws {
        let detector = WaitingDetector(
            timings: WaitingTimings(
                debounce: .milliseconds(20), questionIdle: .milliseconds(60), clear: .milliseconds(40)))
        await detector.watch("s")
        var iterator = detector.events.makeAsyncIterator()
        await detector.output("s", text: "Which option do you want")
        #expect(await iterator.next() == event(true, .question, .outputPattern, "s"))
        #expect(await detector.isWaiting("s"))
        await detector.output("s", text: "working…")
        #expect(await iterator.next() == event(false, .unknown, .outputPattern, "s"))
        await detector.hook("s", .notification(type: "permission_prompt"))
        await detector.hook("s", .stop)
        await detector.hook("s", .notification(type: "idle_prompt"))
        #expect(await iterator.next() == event(true, .idlePrompt, .hook, "s"))
        await detector.unwatch("s")
        #expect(await detector.watchedSessions.isEmpty)
    }
}
