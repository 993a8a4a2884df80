// One client connection through the proxy: the accepted socket, the socket to the target, and a
// pipe each way. The descriptors are closed once both pipes have ended (which also releases the
// pipes, breaking the connection ↔ pipe cycle).
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A proxied connection.
///
/// `@unchecked Sendable`: `ended` and `dropped` are only touched while `lock` is held; the
/// descriptors never change after init.
final class ProxyConnection: @unchecked Sendable {
    let client: Int32
    let server: Int32
    private let lock = NSLock()
    private var ended = 0
    private var dropped = false
    private var pipes: [ProxyPipe] = []
    /// What the client's first bytes asked for: nil until they came, true for a WebSocket upgrade.
    private var upgrade: Bool?
    private let onClose: @Sendable (ProxyConnection) -> Void

    init(client: Int32, server: Int32, state: ProxyState, onClose: @escaping @Sendable (ProxyConnection) -> Void) {
        self.client = client
        self.server = server
        self.onClose = onClose
        let done: @Sendable () -> Void = { [self] in pipeEnded() }
        let hooks = ProxyPipe.Hooks(
            classified: { [self] isUpgrade in locked { upgrade = isUpgrade } },
            extraDelay: { [self] in locked { upgrade == false } ? state.restDelay : .zero })
        pipes = [
            ProxyPipe(from: client, to: server, upstream: true, state: state, hooks: hooks, done: done),
            ProxyPipe(from: server, to: client, upstream: false, state: state, hooks: hooks, done: done),
        ]
    }

    /// True once the client's first bytes asked for a WebSocket upgrade.
    var isUpgrade: Bool { locked { upgrade == true } }

    /// True once the client's first bytes were a plain request (REST).
    var isPlain: Bool { locked { upgrade == false } }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    func start() {
        for pipe in pipes { pipe.start() }
    }

    /// Wakes the writers (a stall ended).
    func poke() {
        for pipe in pipes { pipe.poke() }
    }

    /// Resets both sockets at once: each side sees the connection drop.
    func drop() {
        lock.lock()
        let first = !dropped
        dropped = true
        lock.unlock()
        guard first else { return }
        ProxySocket.reset(client)
        ProxySocket.reset(server)
        for pipe in pipes { pipe.poke(finish: true) }
    }

    private func pipeEnded() {
        lock.lock()
        ended += 1
        let last = ended == 2
        if last { pipes = [] }
        lock.unlock()
        guard last else { return }
        close(client)
        close(server)
        onClose(self)
    }
}
