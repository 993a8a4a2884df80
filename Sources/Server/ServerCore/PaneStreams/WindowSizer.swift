// Sizing the user's windows for interactive viewers, and putting them back exactly.
// - Before the first change to a window, its state is read (WindowSizeState) and recorded, on
//   disk first (WindowSizeLedger): a record that cannot be written means no change at all.
// - A window whose `window-size` in effect is `manual` is not resized unless the viewer asks
//   (`fit`, claudepm's resize key): the viewer shows the pane at its own size.
// - Several viewers of one window share one record; the last to leave puts the window back
//   (WindowSizeRecord.restorePlan), as does the server when it stops, and the next start does it
//   for the records a killed server left on disk.
// One operation at a time (each reads tmux, then changes it), in the order they were asked for.
import Foundation
import Logging

/// Sizes windows for viewers and restores them.
actor WindowSizer {
    /// How the sizer reaches tmux (given with each call: the owner, PaneStreams, holds the sizer).
    struct Access: Sendable {
        /// Runs commands through a control client of `session`; nil when none can be had.
        var run: @Sendable (_ session: String, _ commands: [[String]]) async -> [ControlReply]?
        /// The session a window is in now (a read outside control mode), nil when unknown.
        var sessionOf: @Sendable (_ window: String) async -> String?
    }

    private let ledger: WindowSizeLedger
    private let logger: Logger
    private var records: [WindowSizeRecord]
    private var holders: [UUID: WindowRef] = [:]
    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// A sizer whose records live in `ledger` (loaded now: what a killed server left).
    init(ledger: WindowSizeLedger, logger: Logger) {
        self.ledger = ledger
        self.logger = logger
        let (loaded, problem) = ledger.load()
        records = loaded
        if let problem { logger.error("window sizes to restore were lost", metadata: ["reason": "\(problem)"]) }
    }

    /// The windows recorded now (for tests and diagnostics).
    var recorded: [WindowSizeRecord] { records }

    /// Sizes `pane`'s window to `size` for `viewer`; true when the window was resized. Under a
    /// `window-size` of `manual` only a viewer that asked (`fit`) or already sized it does.
    func size(
        pane: String, session: String, viewer: UUID, to size: WindowSize, fit: Bool, _ tmux: Access
    ) async -> Bool {
        await acquire()
        defer { relinquish() }
        guard let window = await read(pane, session: session, tmux).window else {
            logger.warning("cannot read the pane's window; it is not resized", metadata: ["pane": "\(pane)"])
            return false
        }
        if let held = holders[viewer], held != window.ref { await releaseHolding(viewer, tmux) }
        let record = records.first { $0.ref == window.ref }
        let manual = (record?.prior.effective ?? window.effective) == "manual"
        if manual, !fit, holders[viewer] == nil { return false }
        let next = (record ?? WindowSizeRecord(session: session, prior: window, applied: [])).applying(size)
        guard store(next) else { return false }
        holders[viewer] = window.ref
        let command = ["resize-window", "-t", window.windowId, "-x", "\(size.cols)", "-y", "\(size.rows)"]
        return await tmux.run(session, [command])?.first?.success == true
    }

    /// `viewer` leaves: the last viewer of a window puts it back.
    func release(viewer: UUID, _ tmux: Access) async {
        await acquire()
        defer { relinquish() }
        await releaseHolding(viewer, tmux)
    }

    /// Puts back every recorded window, held or not (the server stops).
    func restoreAll(_ tmux: Access) async {
        await acquire()
        defer { relinquish() }
        holders = [:]
        for record in records { await restore(record, tmux) }
    }

    /// Puts back the windows no viewer holds: at start, the ones a killed server left.
    func restoreUnheld(_ tmux: Access) async {
        await acquire()
        defer { relinquish() }
        let held = Set(holders.values)
        for record in records where !held.contains(record.ref) { await restore(record, tmux) }
    }

    private func releaseHolding(_ viewer: UUID, _ tmux: Access) async {
        guard let ref = holders.removeValue(forKey: viewer), !holders.values.contains(ref),
            let record = records.first(where: { $0.ref == ref })
        else { return }
        await restore(record, tmux)
    }

    /// Restores one window and forgets it; a record whose tmux server cannot be asked now, or
    /// that belongs to another tmux server, is kept for later.
    private func restore(_ record: WindowSizeRecord, _ tmux: Access) async {
        let window = record.prior.windowId
        var session = record.session
        var answer = await read(window, session: session, tmux)
        if answer.server == nil, let other = await tmux.sessionOf(window), other != session {
            session = other
            answer = await read(window, session: other, tmux)
        }
        guard let server = answer.server, server.socket == record.prior.server.socket else { return }
        let metadata: Logger.Metadata = ["window": "\(window)", "session": "\(session)"]
        switch record.restorePlan(current: answer.window) {
        case .gone, .unchanged: break
        case .changedByOthers(let reason):
            logger.notice(
                "window left as someone changed it while claudepm had sized it: \(reason)", metadata: metadata)
        case .commands(let commands):
            let replies = await tmux.run(session, commands) ?? []
            if replies.count != commands.count || !replies.allSatisfy(\.success) {
                logger.warning("window size not fully restored", metadata: metadata)
            }
        }
        records = records.filter { $0.ref != record.ref }
        if let error = save(records) {
            logger.warning(
                "window restored, but the file still lists it",
                metadata: metadata.merging(["reason": "\(error)"]) { a, _ in a })
        }
    }

    private func read(
        _ target: String, session: String, _ tmux: Access
    ) async -> (server: TmuxServerIdentity?, window: WindowSizeState?) {
        guard let replies = await tmux.run(session, WindowSizeState.readCommands(target: target)) else {
            return (nil, nil)
        }
        return WindowSizeState.parse(replies, target: target)
    }

    /// Records `record` (on disk first); false, with nothing changed, when it cannot be written.
    private func store(_ record: WindowSizeRecord) -> Bool {
        var next = records.filter { $0.ref != record.ref }
        next.append(record)
        if let error = save(next) {
            logger.error(
                "cannot record the window's size to restore it; it is not resized",
                metadata: ["window": "\(record.prior.windowId)", "reason": "\(error)"])
            return false
        }
        records = next
        return true
    }

    private func save(_ next: [WindowSizeRecord]) -> (any Error)? {
        do {
            try ledger.save(next)
            return nil
        } catch {
            return error
        }
    }

    private func acquire() async {
        guard busy else {
            busy = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func relinquish() {
        if waiting.isEmpty { busy = false } else { waiting.removeFirst().resume() }
    }
}
