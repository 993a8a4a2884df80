// Subscriptions on the event socket. The server forgets them on disconnect, so every connect
// re-subscribes the whole wanted set. With many sessions that is many messages: they go out in
// batches that fit the rate budget (keeping room for pings), and the rest wait for the window
// to slide instead of being dropped by the server as RATE_LIMITED.

extension ConnectionMachine {
    mutating func changeSubscriptions(_ ids: Set<String>, now: MonotonicTime) -> [ConnectionAction] {
        let added = ids.subtracting(subscriptions).sorted()
        let removed = subscriptions.subtracting(ids)
        subscriptions = ids
        guard status == .connected else { return [] }
        let neverSent = Set(subscribeBacklog).intersection(removed)
        subscribeBacklog.removeAll { neverSent.contains($0) }
        let toUnsubscribe = removed.subtracting(neverSent).sorted()
        var actions: [ConnectionAction] = []
        if !toUnsubscribe.isEmpty {
            for _ in toUnsubscribe { rate.record(at: now) }
            actions.append(.unsubscribe(toUnsubscribe))
        }
        return actions + queueSubscriptions(added, now: now)
    }

    mutating func queueSubscriptions(_ ids: [String], now: MonotonicTime) -> [ConnectionAction] {
        guard !ids.isEmpty else { return [] }
        subscribeBacklog += ids
        return flushSubscriptions(now: now)
    }

    mutating func flushSubscriptions(now: MonotonicTime) -> [ConnectionAction] {
        let room = max(0, rate.available(at: now) - configuration.reservedForPings)
        let batch = Array(subscribeBacklog.prefix(room))
        subscribeBacklog.removeFirst(batch.count)
        for _ in batch { rate.record(at: now) }
        var actions: [ConnectionAction] = batch.isEmpty ? [] : [.subscribe(batch)]
        if subscribeBacklog.isEmpty {
            actions.append(.cancelTimer(.subscribeBacklog))
        } else {
            let next = rate.nextAvailable(count: configuration.reservedForPings + 1, at: now)
            actions.append(.scheduleTimer(.subscribeBacklog, at: next))
        }
        return actions
    }
}
