// PaneStreams: the server's pushed view of tmux. One control client per watched tmux session
// (tmux sends `%output` only for the panes of the session a control client is attached to);
// viewers subscribe to single panes and get a snapshot, then the pane's bytes with nothing lost
// or doubled at the seam. Input and resizes of interactive viewers go through the same control
// client, never through a separate tmux process that mutates state while control clients are
// attached (reported to crash tmux 3.3a/3.5a). No grouped sessions, no option changes except
// the per-window size an interactive viewer asks for (undone when it leaves).
//
// Threading: everything a control client reports is handled on its reader thread, in stream
// order, under one lock; commands are sent after the lock is released.
import Foundation
import Logging
import Synchronization

/// Pane streams over tmux control mode.
public final class PaneStreams: Sendable {
    /// What the owner (the session supervisor) hears about.
    public struct Observer: Sendable {
        /// A pane of `session` wrote something (called on a reader thread; keep it short).
        public var output: @Sendable (_ pane: String, _ session: String) -> Void
        /// Panes or windows of a session may have appeared or gone (called on a reader thread).
        public var topology: @Sendable (_ session: String) -> Void

        /// An observer.
        public init(
            output: @escaping @Sendable (String, String) -> Void, topology: @escaping @Sendable (String) -> Void
        ) {
            self.output = output
            self.topology = topology
        }
    }

    struct Subscriber {
        let subscription: PaneSubscription
        let session: String
        let history: Int
        var generation = 0
        var live = false
        var windowId = ""
    }

    struct State {
        var clients: [String: TmuxControlClient] = [:]
        var subscribers: [UUID: Subscriber] = [:]
        var byPane: [String: Set<UUID>] = [:]
        var modes: [String: PaneModes] = [:]
        var restarts: [String: Int] = [:]
        var observer: Observer?
        var stopped = false
        var counters = Counters()
    }

    /// Totals since start, for the server's metrics.
    public struct Counters: Sendable, Equatable {
        /// Snapshots asked of tmux (first ones and fresh ones after a pause, resize or overflow).
        public var snapshots = 0
        /// `%pause` notifications: panes tmux paused because this reader fell behind.
        public var pauses = 0
        /// Control clients restarted after they ended.
        public var restarts = 0
    }

    /// The totals so far.
    public var counters: Counters { state.withLock { $0.counters } }

    /// The tmux server streamed.
    public let tmux: Tmux
    let state = Mutex(State())
    let logger: Logger
    /// A viewer holding more than this many unread bytes is dropped back to a fresh snapshot.
    public static let viewerLimit = 4 * 1024 * 1024
    /// tmux pauses a pane whose output this client is this many seconds behind on.
    static let pauseAfterSeconds = 5
    /// The largest snapshot sent: history rows are dropped (oldest first) to stay under it, well
    /// below the 16 MiB a claudepm client accepts in one message.
    public static let snapshotLimit = 8 * 1024 * 1024

    /// Streams of `tmux`'s panes.
    public init(tmux: Tmux, logger: Logger = Logger(label: "claudepm.panestreams")) {
        self.tmux = tmux
        self.logger = logger
    }

    /// Sets who hears about output and topology changes.
    public func setObserver(_ observer: Observer?) { state.withLock { $0.observer = observer } }

    /// Makes sure a control client watches `session` (started if needed).
    public func watch(session: String) throws(TmuxError) {
        _ = try client(for: session)
    }

    /// The sessions watched now.
    public var watchedSessions: [String] { state.withLock { Array($0.clients.keys) } }

    /// Subscribes to `pane` of `session`: a snapshot with up to `history` rows of history comes
    /// first, then its output.
    public func subscribe(pane: String, session: String, history: Int) throws(TmuxError) -> PaneSubscription {
        try TmuxArgument.validatePaneID(pane)
        let client = try client(for: session)
        let subscription = PaneSubscription(paneId: pane) { [weak self] id in self?.remove(id) }
        state.withLock { s in
            s.subscribers[subscription.id] = Subscriber(
                subscription: subscription, session: session, history: max(0, min(history, 100_000)))
            s.byPane[pane, default: []].insert(subscription.id)
        }
        requestSnapshot(subscription.id, client: client)
        return subscription
    }

    /// Types `bytes` into `pane` (`send-keys -H`, in chunks).
    public func input(pane: String, session: String, bytes: [UInt8]) throws(TmuxError) {
        try TmuxArgument.validatePaneID(pane)
        guard !bytes.isEmpty else { return }
        let client = try client(for: session)
        var start = 0
        while start < bytes.count {
            let chunk = bytes[start..<min(start + 512, bytes.count)]
            client.send([["send-keys", "-H", "-t", pane] + chunk.map { String($0, radix: 16) }]) { _ in }
            start += chunk.count
        }
    }

    /// Resizes `pane`'s window to `cols`×`rows` (an interactive viewer's size). tmux marks that
    /// window's `window-size` manual; `releaseSize` undoes it.
    public func resize(pane: String, session: String, cols: Int, rows: Int) async throws(TmuxError) {
        try TmuxArgument.validatePaneID(pane)
        let client = try client(for: session)
        let size = ["-x", String(max(1, min(cols, 10_000))), "-y", String(max(1, min(rows, 10_000)))]
        _ = await client.run([["resize-window", "-t", pane] + size])
    }

    /// Gives `pane`'s window back to tmux's own sizing (unsets the per-window `window-size`).
    public func releaseSize(pane: String, session: String) async {
        guard (try? TmuxArgument.validatePaneID(pane)) != nil, let client = try? client(for: session) else { return }
        _ = await client.run([["set-option", "-w", "-u", "-t", pane, "window-size"]])
    }

    /// Runs read-only commands (captures, listings) through `session`'s control client.
    public func run(session: String, _ commands: [[String]]) async throws(TmuxError) -> [ControlReply] {
        let client = try client(for: session)
        return await client.run(commands)
    }

    /// Ends every client and subscription (server shutdown).
    public func stop() {
        let (clients, subscribers) = state.withLock { s -> ([TmuxControlClient], [PaneSubscription]) in
            s.stopped = true
            defer {
                s.clients = [:]
                s.subscribers = [:]
                s.byPane = [:]
            }
            return (Array(s.clients.values), s.subscribers.values.map(\.subscription))
        }
        for subscription in subscribers { subscription.push(.ended("server stopping")) }
        for client in clients { client.close() }
    }

    func remove(_ id: UUID) {
        state.withLock { s in
            guard let sub = s.subscribers.removeValue(forKey: id) else { return }
            s.byPane[sub.subscription.paneId]?.remove(id)
            if s.byPane[sub.subscription.paneId]?.isEmpty == true { s.byPane[sub.subscription.paneId] = nil }
        }
    }
}
