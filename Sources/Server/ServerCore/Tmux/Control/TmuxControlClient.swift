// One `tmux -C attach-session -t =SESSION -f ignore-size` process: the server's pushed view of a
// tmux session. Commands go to its standard input as lines (ControlCommand); its standard output
// is read on a thread of its own and parsed (ControlModeParser). Replies are matched to commands
// in order and handed to their callbacks ON THE READER THREAD, between the notifications around
// them, so a caller sees exactly which output came before and after its command ran.
// Commands are held back until the client's own attach has run (`.attached`): tmux reads a
// control client's input from the moment it connects, and a command that runs before the attach
// sees a client with no session, so output read between that command and the attach would never
// be sent (a snapshot taken then would be followed by a gap).
// The client never sizes a window (`ignore-size`), never changes an option and never starts a
// tmux server (`-N`).
import CSupport
import Foundation
import Glibc
import Synchronization

/// A tmux control-mode client attached to one session.
public final class TmuxControlClient: Sendable {
    /// Receives each notification (not replies) on the reader thread, in stream order.
    public typealias Handler = @Sendable (ControlEvent) -> Void
    /// Receives the replies to one command line, on the reader thread.
    public typealias ReplyHandler = @Sendable ([ControlReply]) -> Void

    struct Pending {
        var expected: Int
        var replies: [ControlReply]
        var handler: ReplyHandler
    }

    struct State {
        var pending: [Pending] = []
        var closed = false
        /// True once tmux ran the attach; until then command lines wait in `held`.
        var attached = false
        var held: [UInt8] = []
    }

    /// The tmux session attached to.
    public let session: String
    /// The tmux client process.
    public let pid: pid_t
    let input: Int32
    let state = Mutex(State())
    let reaper: ChildReaper

    private init(session: String, pid: pid_t, input: Int32) {
        self.session = session
        self.pid = pid
        self.input = input
        reaper = ChildReaper(pid: pid)
    }

    /// Starts a client on `session` of `tmux`; `handler` gets every notification, then a final
    /// `.exit` when the stream ends (whatever ended it).
    public static func start(
        tmux: Tmux, session: String, handler: @escaping Handler
    ) throws(TmuxError)
        -> TmuxControlClient
    {
        try TmuxArgument.validateSessionName(session)
        _ = ignoreBrokenPipes
        guard let url = ProcessRunner.resolve(tmux.executable) else {
            throw .launchFailed(executable: tmux.executable, reason: "not found")
        }
        // -N: attach-session would start a tmux server when none runs (a fresh, empty one that
        // could outlive us); a watcher must never create servers.
        let argv =
            [url.path, "-N"] + tmux.baseArguments + ["-C", "attach-session", "-t", "=\(session)", "-f", "ignore-size"]
        let (pid, input, output) = try spawn(url.path, argv)
        let client = TmuxControlClient(session: session, pid: pid, input: input)
        client.startReader(output, handler: handler)
        return client
    }

    /// Sends `commands` as one list; `onReplies` gets their replies (one per command, failures
    /// included) or, if the client ends first, as many failed empty replies.
    public func send(_ commands: [[String]], onReplies: @escaping ReplyHandler) {
        guard let line = try? ControlCommand.line(commands) else {
            return onReplies(Array(repeating: ControlReply(success: false, lines: []), count: commands.count))
        }
        let accepted = state.withLock { s -> Bool in
            guard !s.closed else { return false }
            s.pending.append(Pending(expected: commands.count, replies: [], handler: onReplies))
            // A failed write means the client is ending: its reader then fails every waiting
            // command, this one included (answering it here too would answer it twice).
            if s.attached { _ = Self.writeAll(input, Array(line.utf8)) } else { s.held += Array(line.utf8) }
            return true
        }
        if !accepted { onReplies(Array(repeating: ControlReply(success: false, lines: []), count: commands.count)) }
    }

    /// Sends `commands` and waits for their replies.
    public func run(_ commands: [[String]]) async -> [ControlReply] {
        await withCheckedContinuation { continuation in
            send(commands) { continuation.resume(returning: $0) }
        }
    }

    /// Detaches: closes the client's input, so tmux ends it. The reader then reports `.exit`.
    public func close() {
        let wasOpen = state.withLock { s -> Bool in
            defer { s.closed = true }
            return !s.closed
        }
        if wasOpen { Glibc.close(input) }
    }

    /// Writing to a pipe whose reader died must fail with EPIPE, not kill the server.
    private static let ignoreBrokenPipes: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

    /// True once the client ended or was closed.
    public var isClosed: Bool { state.withLock { $0.closed } }
}
