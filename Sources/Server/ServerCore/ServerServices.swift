// The service container of the server core: one store, the services over it and the event bus.
// ServerHTTP builds routes and the WebSocket hub on top of this; it holds no HTTP types.
import Foundation

/// Everything the HTTP layer calls.
public final class ServerServices: Sendable {
    public let store: Store
    public let bus: EventBus
    public let clock: ServerClock
    public let panes: any PaneDriver
    public let projects: ProjectService
    public let sessions: SessionSupervisor
    public let notifications: NotificationService
    public let tickets: TicketService
    public let config: ServerSettings
    /// When the server started (for health uptime).
    public let startedAt: Date

    /// Wires the services over `store` and `panes`.
    public init(store: Store, panes: any PaneDriver, config: ServerSettings, clock: ServerClock = .system) {
        self.store = store
        self.panes = panes
        self.config = config
        self.clock = clock
        let bus = EventBus()
        self.bus = bus
        startedAt = clock.now()
        projects = ProjectService(store: store, panes: panes, clock: clock, bus: bus)
        let notifications = NotificationService(store: store, bus: bus, clock: clock)
        self.notifications = notifications
        sessions = SessionSupervisor(
            store: store, panes: panes, bus: bus, notifications: notifications, clock: clock, config: config)
        tickets = TicketService(store: store, bus: bus, notifications: notifications, clock: clock)
        if let streams = panes.paneStreams, streams.keepsJournals {
            JournalMarker.install(bus: bus, streams: streams, tickets: tickets)
        }
    }

    /// Puts back the windows a killed server left sized, adopts surviving sessions and starts
    /// polling.
    public func start() async throws {
        await panes.paneStreams?.restoreLeftoverSizes()
        try await sessions.adoptRunningSessions()
        await sessions.startPolling()
    }

    /// Stops polling and puts back every window sized for a viewer (tmux sessions keep running).
    public func shutdown() async {
        await sessions.stopPolling()
        await panes.paneStreams?.restoreSizes()
        panes.paneStreams?.stop()
    }
}
