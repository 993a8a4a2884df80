// PaneStreams: the server's pushed view of tmux. One control client per watched tmux session
// (tmux sends `%output` only for the panes of the session a control client is attached to) and
// one emulator per watched pane (PaneMirror), fed the pane's bytes; viewers subscribe to single
// panes and get the mirror's snapshot, then the pane's bytes, with nothing lost or doubled at the
// seam. Input and resizes of interactive viewers go through the same control
// client, never through a separate tmux process that mutates state while control clients are
// attached (reported to crash tmux 3.3a/3.5a). No grouped sessions, no option changes except
// the per-window size an interactive viewer asks for, put back exactly when the last such viewer
// leaves, when the server stops, or at the next start after a crash (PaneStreams+Sizing).
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
        /// True once the viewer has its snapshot: the pane's bytes go to it from then on.
        var live = false
        var windowId = ""
    }

    struct State {
        var clients: [String: TmuxControlClient] = [:]
        var subscribers: [UUID: Subscriber] = [:]
        var byPane: [String: Set<UUID>] = [:]
        /// The emulator of every pane a viewer or the supervisor watches.
        var mirrors: [String: PaneMirror] = [:]
        /// Panes mirrored for the supervisor (waiting detection), with or without viewers.
        var watchedPanes: Set<String> = []
        var modes: [String: PaneModes] = [:]
        /// A save of quiet mirrors is scheduled (PaneStreams+Persist.swift).
        var saveScheduled = false
        /// Images of other tmux servers were forgotten (at the first seed).
        var imagesPruned = false
        var restarts: [String: Int] = [:]
        var observer: Observer?
        var stopped = false
        var counters = Counters()
    }

    /// Totals since start, for the server's metrics.
    public struct Counters: Sendable, Equatable {
        /// Seeds asked of tmux: a mirror's first, and fresh ones after a pause, a resize or a
        /// restarted control client (a viewer's own snapshot comes from the mirror).
        public var snapshots = 0
        /// `%pause` notifications: panes tmux paused because this reader fell behind.
        public var pauses = 0
        /// Control clients restarted after they ended.
        public var restarts = 0
        /// Panes mirrored now whose seed is in place (read when asked, not counted).
        public var mirrorsReady = 0
    }

    /// The totals so far, and the mirrors ready now.
    public var counters: Counters {
        state.withLock { s in
            var counters = s.counters
            counters.mirrorsReady = s.mirrors.values.reduce(0) { $0 + ($1.isReady ? 1 : 0) }
            return counters
        }
    }

    /// The tmux server streamed.
    public let tmux: Tmux
    /// Where the mirrors' images are kept across restarts, if anywhere.
    public let images: PaneImageStore?
    /// The panes' journals (every byte with its time, and keyframes), if kept.
    public let journals: JournalStore?
    let state = Mutex(State())
    let logger: Logger
    /// The windows sized for interactive viewers, and what to put back.
    let sizer: WindowSizer
    /// A viewer holding more than this many unread bytes is dropped back to a fresh snapshot.
    public static let viewerLimit = 4 * 1024 * 1024
    /// tmux pauses a pane whose output this client is this many seconds behind on.
    static let pauseAfterSeconds = 5
    /// The largest snapshot sent: history rows are dropped (oldest first) to stay under it, well
    /// below the 16 MiB a claudepm client accepts in one message.
    public static let snapshotLimit = 8 * 1024 * 1024

    /// Streams of `tmux`'s panes, keeping the mirrors' images in `images` (nil: nowhere).
    /// `sizeRecords` is the file that remembers the windows sized for interactive viewers until
    /// they are put back (nil: memory only, nothing survives a crash).
    public init(
        tmux: Tmux, images: PaneImageStore? = nil, sizeRecords: URL? = nil, journals: JournalStore? = nil,
        logger: Logger = Logger(label: "claudepm.panestreams")
    ) {
        self.tmux = tmux
        self.images = images
        self.journals = journals
        self.logger = logger
        sizer = WindowSizer(ledger: WindowSizeLedger(url: sizeRecords), logger: logger)
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
        let history = max(0, min(history, 100_000))
        state.withLock { s in
            s.subscribers[subscription.id] = Subscriber(subscription: subscription, session: session, history: history)
            s.byPane[pane, default: []].insert(subscription.id)
        }
        mirror(pane: pane, session: session, history: history, client: client)
        state.withLock { s in
            if let mirror = s.mirrors[pane], mirror.isReady {
                Self.startViewer(subscription.id, mirror: mirror, in: &s)
            }
        }
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

    /// Runs read-only commands (captures, listings) through `session`'s control client.
    public func run(session: String, _ commands: [[String]]) async throws(TmuxError) -> [ControlReply] {
        let client = try client(for: session)
        return await client.run(commands)
    }

    /// Ends every client and subscription (server shutdown), saving every mirror's image first.
    public func stop() {
        saveAll()
        let (clients, subscribers) = state.withLock { s -> ([TmuxControlClient], [PaneSubscription]) in
            s.stopped = true
            defer {
                s.clients = [:]
                s.subscribers = [:]
                s.byPane = [:]
                s.mirrors = [:]
            }
            return (Array(s.clients.values), s.subscribers.values.map(\.subscription))
        }
        for subscription in subscribers { subscription.push(.ended("server stopping")) }
        for client in clients { client.close() }
    }

    func remove(_ id: UUID) {
        state.withLock { s in
            guard let sub = s.subscribers.removeValue(forKey: id) else { return }
            let pane = sub.subscription.paneId
            s.byPane[pane]?.remove(id)
            if s.byPane[pane]?.isEmpty == true {
                s.byPane[pane] = nil
                if !s.watchedPanes.contains(pane) { s.mirrors[pane] = nil }
            }
        }
    }
}
