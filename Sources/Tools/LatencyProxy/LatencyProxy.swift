// A TCP proxy of our own that imitates a slow or failing link (the kernel here has no netem):
// each direction is delayed (e.g. 100 or 300 ms) with jitter; `stall()` stops forwarding while
// keeping every socket open (a half-open link: a server that stops answering); `dropConnections()`
// resets them; `refusesUpgrades` answers WebSocket upgrades 502 while REST passes. Tests and `claudepm-bench latency-proxy` use it between client and server on
// loopback. Threads and blocking sockets: it is test equipment, a few connections at a time.
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A delaying, stallable TCP proxy to one target.
///
/// `@unchecked Sendable`: `connections` and `stopped` are only touched while `lock` is held.
public final class LatencyProxy: @unchecked Sendable {
    /// The port the proxy listens on (on `listenHost`).
    public let port: UInt16
    /// Where it forwards to.
    public let targetHost: String
    /// The target's port.
    public let targetPort: UInt16
    private let listener: Int32
    private let state: ProxyState
    private let lock = NSLock()
    private var connections: [ObjectIdentifier: ProxyConnection] = [:]
    private var accepted = 0
    private var stopped = false

    /// Listens on `listenHost`:`listenPort` (0: a free port) and forwards every connection to
    /// `targetHost`:`targetPort` with `profile`.
    public init(
        targetHost: String = "127.0.0.1", targetPort: UInt16, listenHost: String = "127.0.0.1",
        listenPort: UInt16 = 0, profile: ProxyProfile = ProxyProfile()
    ) throws {
        let listening = try ProxySocket.listen(host: listenHost, port: listenPort)
        listener = listening.fd
        port = listening.port
        self.targetHost = targetHost
        self.targetPort = targetPort
        state = ProxyState(profile: profile)
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    deinit { stop() }

    /// The link's delays and jitter (changes apply to bytes read from now on).
    public var profile: ProxyProfile {
        get { state.profile }
        set { state.profile = newValue }
    }

    /// Stops forwarding in both directions while keeping every socket open: to both ends the
    /// link is half-open (a server that stops answering). Held bytes flow again on `resume()`.
    public func stall() {
        state.setStalled(true)
    }

    /// Ends a stall.
    public func resume() {
        state.setStalled(false)
        for connection in liveConnections { connection.poke() }
    }

    /// Whether the link is stalled.
    public var isStalled: Bool { state.isStalled }

    /// While true, a new connection whose first bytes ask for a WebSocket upgrade is answered
    /// `502 Bad Gateway` and closed, as a proxy whose WebSocket backend is down; plain HTTP
    /// requests (REST) still pass. Connections already upgraded are left alone.
    public var refusesUpgrades: Bool {
        get { state.refusesUpgrades }
        set { state.refusesUpgrades = newValue }
    }

    /// Resets every open connection (new ones are still accepted).
    public func dropConnections() {
        for connection in liveConnections { connection.drop() }
    }

    /// Resets the open WebSocket connections only; REST requests under way go on.
    public func dropUpgradedConnections() {
        for connection in liveConnections where connection.isUpgrade { connection.drop() }
    }

    /// Open connections that asked for a WebSocket upgrade.
    public var upgradedConnections: Int { liveConnections.filter(\.isUpgrade).count }

    /// Open connections whose first request was plain HTTP (REST).
    public var plainConnections: Int { liveConnections.filter(\.isPlain).count }

    /// Extra delay of every answer on a connection that is not a WebSocket upgrade (REST, per
    /// request), to let a resync land after its socket died.
    public var restDelay: Duration {
        get { state.restDelay }
        set { state.restDelay = newValue }
    }

    /// Chunks of REST answers that the server already sent and `restDelay` still holds back: above
    /// zero, a request was answered and its answer is on its way.
    public var heldAnswers: Int { state.heldAnswers }

    /// Connections currently open.
    public var openConnections: Int { lock.withLock { connections.count } }

    /// Connections accepted since the start.
    public var acceptedConnections: Int { lock.withLock { accepted } }

    /// Stops listening and resets every connection.
    public func stop() {
        let first = lock.withLock {
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        dropConnections()
    }

    private func forget(_ connection: ProxyConnection) {
        lock.withLock { connections[ObjectIdentifier(connection)] = nil }
    }

    private var liveConnections: [ProxyConnection] { lock.withLock { Array(connections.values) } }

    private func acceptLoop() {
        while !lock.withLock({ stopped }) {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                return
            }
            ProxySocket.noDelay(client)
            guard let server = try? ProxySocket.connect(host: targetHost, port: targetPort) else {
                ProxySocket.reset(client)
                close(client)
                continue
            }
            let connection = ProxyConnection(client: client, server: server, state: state) { [weak self] closed in
                self?.forget(closed)
            }
            lock.withLock {
                connections[ObjectIdentifier(connection)] = connection
                accepted += 1
            }
            connection.start()
        }
    }
}
