// One attached terminal: its own WebSocket (the server allows one PTY per connection), driven by
// ClientCore's PTYConnectionMachine (which owns attach-before-data, input coalescing, resize
// debouncing and the 10-try reconnect policy). `pty:output` is decoded and turned into bytes on
// the socket's event loop, which is also this actor's executor (a DirectLink's frames arrive
// without a hop); the UI gets Sendable `PTYOutput` values (ClientCore).

import ClaudePMProtocol
import ClientCore
import Foundation
import Logging
import NIOCore
import NIOPosix

/// A reconnecting PTY attachment to one session. The actor runs on one NIO event loop, the one its
/// sockets use, so a `DirectLink` hands it each frame where the frame is read.
public actor PTYConnection {
    /// An encoded message waiting for the socket.
    struct OutboundFrame: Sendable {
        var text: String
        var isInput: Bool
    }

    /// The session attached to.
    public nonisolated let sessionId: String
    /// Everything that happens, in order. Finishes after `shutdown()`.
    public nonisolated let output: AsyncStream<PTYOutput>
    let continuation: AsyncStream<PTYOutput>.Continuation
    let server: ServerConfig
    /// The key, re-read from its source before every link (a rotated key file reaches a stream's
    /// retries, not only the event socket's).
    let key: RotatingAPIKey
    let tls: ResolvedTLS?
    let clock = MonotonicClock()
    var machine: PTYConnectionMachine
    var timers = TimerSet<PTYTimer>()
    /// Ends the running link (a DirectLink, or a WebSocketLink's task), if any.
    var cancelLink: (@Sendable () -> Void)?
    var writer: LinkWriter?
    var generation: UInt64 = 0
    var sendQueue: [OutboundFrame] = []
    var sending = false
    /// Kinds of dropped frames already logged ("not JSON", a message type): each is logged once.
    var dropsLogged: Set<String> = []
    /// The last close in progress (final messages, then the close frame).
    var closing: Task<Void, Never>?
    let logger: Logger
    /// Where outputs go instead of `output`, if set (see `init`).
    let sink: (@Sendable (PTYOutput) -> Void)?
    /// The event loop this actor and its sockets run on.
    nonisolated let loop: any EventLoop

    /// Jobs of this actor run on `loop`.
    public nonisolated var unownedExecutor: UnownedSerialExecutor { loop.executor.asUnownedSerialExecutor() }

    /// Creates an idle connection; call `open(cols:rows:)`. With `onOutput`, every output is
    /// handed to it on the connection's own executor, in order, and `output` stays empty: a caller
    /// that forwards outputs to its own queue saves the hop through a task that reads `output`
    /// (the UI's frame path: the socket's channel handler → this actor, on the same event loop →
    /// the UI queue, one crossing). With `key`, the key is re-read from its source before each
    /// link (`apiKey` is then ignored); without it, `apiKey` is used as it is. What the stream
    /// drops and why is logged to `logger`.
    public init(
        server: ServerConfig, apiKey: APIKey?, tls: ResolvedTLS?, sessionId: String,
        configuration: PTYConnectionMachine.Configuration = .init(), key: RotatingAPIKey? = nil,
        logger: Logger = Logger(label: "claudepm.network.pty"), onOutput: (@Sendable (PTYOutput) -> Void)? = nil
    ) {
        self.sink = onOutput
        self.logger = logger
        self.loop = MultiThreadedEventLoopGroup.singleton.next()
        self.server = server
        self.key = key ?? RotatingAPIKey(apiKey, source: nil)
        self.tls = tls
        self.sessionId = sessionId
        self.machine = PTYConnectionMachine(
            sessionId: sessionId, configuration: configuration,
            jitter: SeededJitter(seed: UInt64.random(in: 0...UInt64.max)))
        (output, continuation) = AsyncStream.makeStream(bufferingPolicy: .unbounded)
    }

    /// The current status.
    public var status: PTYStatus { machine.status }

    /// Runs `command` on this connection's event loop, after every command given before it, from
    /// any thread: one hop, with no task in between (the UI loop's keys take this path).
    public nonisolated func enqueue(_ command: @escaping @Sendable (isolated PTYConnection) -> Void) {
        loop.execute { self.assumeIsolated { command($0) } }
    }

    /// Hands `value` to the sink, or to `output`.
    func emit(_ value: PTYOutput) {
        if let sink { sink(value) } else { continuation.yield(value) }
    }

    /// Connects and attaches at this size (also retries after a failure).
    public func open(cols: Int, rows: Int) { handle(.open(cols: cols, rows: rows)) }

    /// Tries at once if the stream waits to reconnect (its server is back, or the user asked).
    public func retryNow() { handle(.retryNow) }

    /// Types or pastes text (dropped unless attached).
    public func input(_ text: String) { handle(.input(text)) }

    /// The local view changed size.
    public func resize(cols: Int, rows: Int) { handle(.resize(cols: cols, rows: rows)) }

    /// Sizes the remote window to the local view at once, even under tmux's `window-size manual`.
    public func fit(cols: Int, rows: Int) { handle(.fit(cols: cols, rows: rows)) }

    /// Leaves the session.
    public func detach() { handle(.detach) }

    /// Switches between watching and interactive on the same stream (a pane stream of our
    /// server), at this size.
    public func setAccess(_ access: PTYConnectionMachine.Access, cols: Int, rows: Int) {
        handle(.setAccess(access, cols: cols, rows: rows))
    }

    /// Detaches (if attached) and finishes `output`.
    public func shutdown() {
        handle(.detach)
        timers.cancelAll()
        closeLink()
        continuation.finish()
    }

    /// Like `shutdown()`, but waits (at most a second) until `pty:detach` and the close frame are
    /// out, so the server sees a detach and a clean close before the process exits.
    public func shutdownClosingLink() async {
        shutdown()
        guard let closing else { return }
        let deadline = Task {
            try? await Task.sleep(for: .seconds(1))
            closing.cancel()
        }
        await closing.value
        deadline.cancel()
    }

    func handle(_ event: PTYEvent) {
        for action in machine.handle(event, now: clock.now()) { execute(action) }
    }

    private func execute(_ action: PTYAction) {
        switch action {
        case .connect: openLink()
        case .close: closeLinkAfterSending()
        case .send(let message): enqueue(message)
        case .scheduleTimer(let kind, let time):
            timers.schedule(kind, at: time, clock: clock) { [weak self] token in
                await self?.timerFired(kind, token: token)
            }
        case .cancelTimer(let kind): timers.cancel(kind)
        case .dropInput(let count): emit(.droppedInput(count: count))
        case .resetTerminal: emit(.resetTerminal)
        case .notice(let text): emit(.notice(text))
        case .reportUnconfirmed(let bytes): emit(.unconfirmedInput(count: bytes))
        case .report(let status): emit(.status(status))
        case .reportRoundTrip(let trip): emit(.roundTrip(trip))
        case .reportLate(let contact): emit(.late(silentFor: contact.map { clock.now() - $0 }))
        case .reportHeld(let bytes): emit(.heldInput(bytes: bytes))
        }
    }

    private func timerFired(_ kind: PTYTimer, token: UInt64) {
        guard timers.take(kind, token: token) else { return }
        handle(.timerFired(kind))
    }
}
