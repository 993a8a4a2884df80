// Collects what an EventSocket or PTYConnection reports, for polling assertions.

import ClaudePMProtocol
import ClientCore
import ClientNetwork

actor EventRecorder {
    private(set) var statuses: [ConnectionStatus] = []
    private(set) var snapshots: [ServerSnapshot] = []
    private(set) var failures: [ClientNetworkError] = []
    private(set) var messages: [ServerMessage] = []
    /// `.late` reports in order: the silence when a heartbeat went late, nil when heard again.
    private(set) var lateReports: [Duration?] = []
    /// `.offlineReason` reports in order.
    private(set) var offlineReasons: [String] = []
    /// `.clockOffset` estimates in order.
    private(set) var clockOffsets: [Double] = []
    /// `.recordsSkipped` lines in order.
    private(set) var skipped: [String] = []
    /// `.streamSupport` answers in order, with how many snapshots had landed before each.
    private(set) var streamSupport: [(paneStreams: Bool, snapshotsBefore: Int)] = []

    func record(_ event: ClientEvent) {
        switch event {
        case .status(_, let status): statuses.append(status)
        case .resynced(_, let snapshot): snapshots.append(snapshot)
        case .failure(_, let error): failures.append(error)
        case .message(_, let message): messages.append(message)
        case .late(_, let silence): lateReports.append(silence)
        case .offlineReason(_, let reason): offlineReasons.append(reason)
        case .clockOffset(_, let seconds): clockOffsets.append(seconds)
        case .recordsSkipped(_, let records): skipped += records
        case .streamSupport(_, let paneStreams): streamSupport.append((paneStreams, snapshots.count))
        case .roundTrip, .rawFrame: break
        }
    }

    var latest: ConnectionStatus? { statuses.last }
    var isConnected: Bool { statuses.last == .connected }
    var connectedCount: Int { statuses.filter { $0 == .connected }.count }

    func connected(snapshots count: Int) -> Bool { isConnected && snapshots.count >= count }
    func reconnected(after count: Int) -> Bool { isConnected && connectedCount > count }

    static func follow(_ socket: EventSocket) -> EventRecorder {
        let recorder = EventRecorder()
        Task {
            for await event in socket.events { await recorder.record(event) }
        }
        return recorder
    }
}

actor PTYRecorder {
    private(set) var statuses: [PTYStatus] = []
    private(set) var bytes: [UInt8] = []
    /// `.heldInput` reports in order.
    private(set) var held: [Int] = []
    /// `.droppedInput` reports in order.
    private(set) var dropped: [Int] = []
    /// True after a `.late` report with a silence, until one without.
    private(set) var isLate = false

    func record(_ output: PTYOutput) {
        switch output {
        case .status(let status): statuses.append(status)
        case .bytes(let chunk): bytes += chunk
        case .heldInput(let count): held.append(count)
        case .droppedInput(let count): dropped.append(count)
        case .late(let silence): isLate = silence != nil
        default: break
        }
    }

    var attachedCount: Int {
        statuses.filter { if case .attached = $0 { return true } else { return false } }.count
    }

    var isAttached: Bool {
        if case .attached = statuses.last { return true }
        return false
    }

    func attached(times: Int) -> Bool { isAttached && attachedCount >= times }

    var sawReconnecting: Bool {
        statuses.contains { if case .reconnecting = $0 { return true } else { return false } }
    }

    static func follow(_ connection: PTYConnection) -> PTYRecorder {
        let recorder = PTYRecorder()
        Task {
            for await output in connection.output { await recorder.record(output) }
        }
        return recorder
    }
}
