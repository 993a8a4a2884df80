// PaneSubscription: output queued back to back is taken as one event, in order, never across a
// snapshot or the end, and never above the join limit.

import Testing

@testable import ServerCore

@Suite struct PaneSubscriptionTests {
    private static func drain(_ subscription: PaneSubscription) async -> [PaneStreamEvent] {
        var events: [PaneStreamEvent] = []
        while let event = await subscription.next() { events.append(event) }
        return events
    }

    @Test func outputQueuedBackToBackIsOneEventInOrderButNotAcrossASnapshot() async {
        let subscription = PaneSubscription(paneId: "%1") { _ in }
        let snapshot = PaneSnapshot(cols: 2, rows: 1, historyRows: 0, bytes: Array("ab".utf8))
        for event: PaneStreamEvent in [
            .output([1]), .output([2, 3]), .snapshot(snapshot), .output([4]), .output([5]), .ended("gone"),
        ] {
            subscription.push(event)
        }
        #expect(subscription.queuedBytes == 2 + 5)
        let events = await Self.drain(subscription)
        #expect(events == [.output([1, 2, 3]), .snapshot(snapshot), .output([4, 5]), .ended("gone")])
        #expect(subscription.queuedBytes == 0)
    }

    @Test func aJoinedEventStaysWithinTheLimit() async {
        let subscription = PaneSubscription(paneId: "%1") { _ in }
        let chunk = [UInt8](repeating: 0x61, count: PaneSubscription.joinLimit / 2 + 1)
        for _ in 0..<3 { subscription.push(.output(chunk)) }
        subscription.finish()
        let events = await Self.drain(subscription)
        #expect(events == [.output(chunk), .output(chunk), .output(chunk)])
    }
}
