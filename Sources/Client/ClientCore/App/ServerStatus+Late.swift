// The words for a link in doubt: between a late heartbeat and the link being declared down the
// UI says how long the server has been silent ("last contact 7 s ago"), counting each second;
// and for keys typed meanwhile, held ("pending") or discarded.

import Foundation

extension ServerStatus {
    /// "last contact 7 s ago" while a heartbeat is late on an online link, nil otherwise.
    public func lateText(now: Date) -> String? {
        guard link == .online, let lastContact else { return nil }
        return "last contact \(Int(max(now.timeIntervalSince(lastContact), 0).rounded(.down))) s ago"
    }
}

extension ServerStatus {
    /// The reason shown for an offline link: why it went down, then what happens now
    /// ("certificate changed · reconnecting, try 6").
    public func offlineText(_ reason: String) -> String {
        problem.map { "\($0) · \(reason)" } ?? reason
    }
}

extension AppState {
    /// When a "last contact N s ago" on screen changes next (each whole second while a heartbeat
    /// is late), if any; the runtime ticks then.
    public var nextLinkTextChange: Date? {
        let contacts = servers.compactMap { $0.link == .online ? $0.lastContact : nil }
        return (contacts + streams.values.compactMap(\.lastContact)).map { contact in
            contact.addingTimeInterval(max(now.timeIntervalSince(contact), 0).rounded(.down) + 1)
        }.min()
    }
}

extension StreamState {
    /// "link in doubt: last contact 4 s ago" while the stream's pong is late, nil otherwise.
    public func lateText(now: Date) -> String? {
        guard let lastContact else { return nil }
        return "link in doubt: last contact \(Int(max(now.timeIntervalSince(lastContact), 0).rounded(.down))) s ago"
    }

    /// "12 bytes typed, pending (not sent)" while input is held, nil otherwise.
    public var pendingText: String? {
        pendingInput > 0 ? "\(pendingInput) bytes typed, pending (not sent)" : nil
    }

    /// The least time a report of lost keys stays on screen: the next key typed after it clears
    /// the report (keys typed while it appears would otherwise wipe it unseen).
    public static let lossReportMinimum: Duration = .seconds(2)

    /// "26 bytes typed while the link was down or in doubt were discarded, not sent" and "9 bytes
    /// typed just before the link dropped may not have arrived", until the user types again; nil
    /// when no keys were lost. It outlives the stream's own status changes: the link coming back
    /// is exactly when held keys are discarded.
    public var lossText: String? {
        var parts: [String] = []
        if discardedInput > 0 {
            parts.append("\(discardedInput) bytes typed while the link was down or in doubt were discarded, not sent")
        }
        if unconfirmedInput > 0 {
            parts.append("\(unconfirmedInput) bytes typed just before the link dropped may not have arrived")
        }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    /// Adds `lost` to the report.
    mutating func report(_ lost: LostInput, at now: MonotonicTime) {
        switch lost {
        case .discarded(let bytes): discardedInput += bytes
        case .unconfirmed(let bytes): unconfirmedInput += bytes
        }
        lossReportedAt = now
    }

    /// The user typed again: a report that has been on screen `lossReportMinimum` goes.
    mutating func clearLossReport(now: MonotonicTime) {
        guard let at = lossReportedAt, now >= at + Self.lossReportMinimum else { return }
        discardedInput = 0
        unconfirmedInput = 0
        lossReportedAt = nil
    }
}
