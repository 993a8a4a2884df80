// Triage: jump straight into the session that most needs its user, across servers. Order:
// reason urgency (permission prompts first), then longest waiting, then key; snoozed sessions
// are skipped until their snooze ends. `T` returns to where the first jump started.

import Foundation

extension AppState {
    /// How long `s` snoozes a waiting session.
    public static let snoozeDuration: TimeInterval = 15 * 60

    /// Waiting sessions in triage order, snoozed ones left out.
    public var triageQueue: [AppSession] {
        sessions.values.filter { session in
            guard session.waiting != nil, session.isLive else { return false }
            return (triage.snoozedUntil[session.key] ?? .distantPast) <= now
        }.sorted { a, b in
            let ra = Self.urgency(a.waiting?.reason ?? "")
            let rb = Self.urgency(b.waiting?.reason ?? "")
            if ra != rb { return ra < rb }
            let sa = a.waiting?.since ?? now
            let sb = b.waiting?.since ?? now
            if sa != sb { return sa < sb }
            return a.key < b.key
        }
    }

    /// Lower is more urgent.
    static func urgency(_ reason: String) -> Int {
        switch reason {
        case "permission_prompt": 0
        case "question": 1
        case "context_exhausted": 2
        case "idle_prompt": 3
        default: 4
        }
    }

    /// Attaches the next waiting session: the one after the last jump in queue order (wrapping),
    /// never the session attached now.
    mutating func triageNext() -> [AppEffect] {
        var queue = triageQueue.map(\.key)
        if let last = triage.lastJump, let index = queue.firstIndex(of: last) {
            queue = Array(queue[(index + 1)...] + queue[...index])
        }
        guard let next = queue.first(where: { $0 != attachedSession }) else {
            flash = "no session is waiting"
            return []
        }
        if triage.returnTo == nil {
            triage.returnTo = screen
            triage.returnSelection = selection
        }
        triage.lastJump = next
        return attach(next)
    }

    /// Goes back to the screen and selection from before the first triage jump.
    mutating func triageReturn() -> [AppEffect] {
        guard let target = triage.returnTo else {
            flash = "nothing to return to"
            return []
        }
        var effects: [AppEffect] = []
        if let attached = attachedSession, target != .attached(attached) { effects += detach() }
        if case .attached(let key) = target {
            effects += attach(key)
        } else {
            screen = target
        }
        selection = triage.returnSelection ?? selection
        fixSelection()
        triage.returnTo = nil
        triage.returnSelection = nil
        triage.lastJump = nil
        return effects
    }

    /// Snoozes the selected session if it is waiting.
    mutating func snoozeSelection() {
        guard let selection, sessions[selection]?.waiting != nil else {
            flash = "the selected session is not waiting"
            return
        }
        triage.snoozedUntil[selection] = now.addingTimeInterval(Self.snoozeDuration)
        flash = "snoozed for 15 min"
    }
}
