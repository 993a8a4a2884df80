// The process side of TmuxControlClient: spawning tmux on two pipes, the reader thread, and
// the matching of reply blocks to the commands waiting for them.
import CSupport
import Foundation
import Glibc

extension TmuxControlClient {
    /// Spawns `argv` with its stdin and stdout on new pipes; returns the pid, our write end of
    /// its stdin and our read end of its stdout (both close-on-exec).
    static func spawn(_ path: String, _ argv: [String]) throws(TmuxError) -> (pid_t, Int32, Int32) {
        var toChild: [Int32] = [-1, -1]
        var fromChild: [Int32] = [-1, -1]
        guard pipe(&toChild) == 0 else { throw .launchFailed(executable: path, reason: "pipe: errno \(errno)") }
        guard pipe(&fromChild) == 0 else {
            closeAll(toChild)
            throw .launchFailed(executable: path, reason: "pipe: errno \(errno)")
        }
        for fd in toChild + fromChild { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        let devNull = open("/dev/null", O_WRONLY | O_CLOEXEC)
        defer {
            if devNull >= 0 { Glibc.close(devNull) }
            Glibc.close(toChild[0])
            Glibc.close(fromChild[1])
        }
        let environment = Tmux.childEnvironment().sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let pid: pid_t
        do {
            let args = try CStringArray(argv)
            let envp = try CStringArray(environment)
            pid = args.withPointers { a in
                envp.withPointers { csupport_spawn(path, a, $0, toChild[0], fromChild[1], devNull) }
            }
        } catch {
            closeAll([toChild[1], fromChild[0]])
            throw .invalidArgument("\(error)")
        }
        guard pid > 0 else {
            closeAll([toChild[1], fromChild[0]])
            throw .launchFailed(executable: path, reason: "errno \(errno)")
        }
        return (pid, toChild[1], fromChild[0])
    }

    private static func closeAll(_ fds: [Int32]) {
        for fd in fds where fd >= 0 { Glibc.close(fd) }
    }

    /// Writes every byte (blocking); false if the pipe is gone.
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += n
        }
        return true
    }

    func startReader(_ fd: Int32, handler: @escaping Handler) {
        let thread = Thread { [self] in
            var parser = ControlModeParser()
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            var exitReason: String?
            while true {
                let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n < 0, errno == EINTR { continue }
                if n <= 0 { break }
                for event in parser.feed(Array(buffer[0..<n])) {
                    switch event {
                    case .reply(let reply): deliver(reply)
                    case .attached: releaseHeldCommands()
                    case .exit(let reason): exitReason = reason ?? exitReason
                    default: handler(event)
                    }
                }
            }
            Glibc.close(fd)
            finish()
            handler(.exit(reason: exitReason))
        }
        thread.name = "claudepm-tmux-control"
        thread.stackSize = 512 * 1024
        thread.start()
    }

    /// The attach ran: the command lines held until now go to tmux, later ones go straight out.
    /// (If the pipe is gone, the reader sees the end next and fails every waiting command.)
    private func releaseHeldCommands() {
        state.withLock { s in
            guard !s.attached else { return }
            s.attached = true
            if !s.closed, !s.held.isEmpty { _ = Self.writeAll(input, s.held) }
            s.held = []
        }
    }

    /// Hands one reply to the oldest command line waiting; its handler runs once all of the
    /// line's replies are in. A command that fails ends its line: tmux 3.3a skips the commands
    /// after it and sends no block for them (measured: `resize-window -t @99 … ; display -p hi`
    /// answers one `%error` and nothing else), so they count as failed, and the next block is
    /// the next line's.
    private func deliver(_ reply: ControlReply) {
        let done = state.withLock { s -> (ReplyHandler, [ControlReply])? in
            guard !s.pending.isEmpty else { return nil }
            s.pending[0].replies.append(reply)
            if !reply.success {
                let missing = s.pending[0].expected - s.pending[0].replies.count
                s.pending[0].replies += Array(
                    repeating: ControlReply(success: false, lines: []), count: max(missing, 0))
            }
            guard s.pending[0].replies.count >= s.pending[0].expected else { return nil }
            let first = s.pending.removeFirst()
            return (first.handler, first.replies)
        }
        if let (handler, replies) = done { handler(replies) }
    }

    /// The stream ended: every waiting command fails, the input is closed.
    private func finish() {
        let (waiting, wasOpen) = state.withLock { s -> ([Pending], Bool) in
            defer {
                s.pending = []
                s.closed = true
            }
            return (s.pending, !s.closed)
        }
        if wasOpen { Glibc.close(input) }
        for entry in waiting {
            let missing = entry.expected - entry.replies.count
            entry.handler(entry.replies + Array(repeating: ControlReply(success: false, lines: []), count: missing))
        }
        Task.detached { [reaper] in _ = await reaper.wait() }
    }
}
