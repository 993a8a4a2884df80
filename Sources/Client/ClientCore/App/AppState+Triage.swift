// Triage: jump straight into the session that most needs its user, across servers. The order,
// the snoozes and the last jump are ClientCore's TriageQueue (permission prompts first, then
// longest waiting); here it meets the app: only running sessions are jumped to, never the
// one attached now, and `T` returns to where the first jump started. Sessions of a server whose
// link is not online are skipped: their wait is what the server said before it went away, maybe
// long answered. When only such sessions wait, the flash says so and names the servers.

import Foundation

extension AppState {
    /// How long `s` snoozes a waiting session.
    public static let snoozeDuration: Duration = .seconds(15 * 60)

    /// Waiting running sessions of online servers in triage order, snoozed ones left out.
    public var triageQueue: [AppSession] {
        triage.queue.ordered(now: clock).compactMap { item in
            guard server(item.key.server)?.link == .online else { return nil }
            return sessions[item.key].flatMap { $0.isLive && $0.waiting != nil ? $0 : nil }
        }
    }

    /// What triage says when only sessions of servers that are not online wait (their waits are
    /// stale, so it does not jump): `2 waiting on an offline server (laptop)`; nil when none do.
    public func offlineWaitingText(excluding excluded: SessionKey? = nil) -> String? {
        let keys = triage.queue.unsortedKeys(now: clock).filter { key in
            guard key != excluded, server(key.server)?.link != .online, let session = sessions[key] else {
                return false
            }
            return session.isLive && session.waiting != nil
        }
        guard !keys.isEmpty else { return nil }
        let names = servers.map(\.name).filter { name in keys.contains { $0.server == name } }
        let place = names.count == 1 ? "an offline server" : "offline servers"
        return "\(keys.count) waiting on \(place) (\(names.joined(separator: ", ")))"
    }

    /// How many running sessions wait and are not snoozed (the header's count; no sort).
    public var waitingCount: Int { waitingCount(excluding: nil) }

    /// How many running sessions other than `excluded` wait and are not snoozed.
    public func waitingCount(excluding excluded: SessionKey?) -> Int {
        triage.queue.unsortedKeys(now: clock).reduce(0) { count, key in
            guard key != excluded, let session = sessions[key], session.isLive, session.waiting != nil else {
                return count
            }
            return count + 1
        }
    }

    /// When a waiting time on screen next changes (seconds in the first minute, then minutes…),
    /// so the runtime redraws then and not every second.
    public var nextWaitingTextChange: Date? {
        sessions.waitingKeys.compactMap { sessions[$0]?.waiting?.since }.map {
            RelativeTime.nextChange(of: $0, now: now)
        }
        .min()
    }

    /// Attaches the next waiting session after the last jump (wrapping), never the attached one.
    mutating func triageNext() -> [AppEffect] {
        let candidates = Set(triageQueue.map(\.key)).subtracting(attachedSession.map { [$0] } ?? [])
        guard let next = triage.jump(among: candidates, now: clock, from: page, selection: selection) else {
            flash = offlineWaitingText(excluding: attachedSession) ?? "no session is waiting"
            return []
        }
        return attach(next)
    }

    /// Goes back to the screen and selection from before the first triage jump.
    mutating func triageReturn() -> [AppEffect] {
        guard let target = triage.takeReturn() else {
            flash = "nothing to return to"
            return []
        }
        var effects: [AppEffect] = []
        if let attached = attachedSession, target.page != .attached(attached) { effects += detach() }
        if case .attached(let key) = target.page {
            effects += attach(key)
        } else {
            page = target.page
        }
        selection = target.selection ?? selection
        fixSelection()
        return effects
    }

    /// Snoozes the selected session if it is waiting.
    mutating func snoozeSelection() {
        guard let selection, sessions[selection]?.waiting != nil else {
            flash = "the selected session is not waiting"
            return
        }
        triage.queue.snooze(selection, for: Self.snoozeDuration, now: clock)
        flash = "snoozed for 15 min"
    }
}
