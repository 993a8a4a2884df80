// A real child process on a real pseudo-terminal: spawned with forkpty + execvpe (CSupport), read
// through a DispatchSource, reaped by a dedicated waitpid thread. Used for tmux clients (PTY attach)
// and in tests.
import CSupport
import Foundation

/// A child process running on its own PTY.
///
/// `output` delivers what the child writes, in order, in chunks of up to 64 KiB (what was read or
/// queued together), to ONE consumer, and finishes at EOF
/// (when every holder of the terminal's child side has closed it; on Linux the master reports EIO).
/// It is lossless and bounded: when more than 256 KiB are queued the reader pauses until the
/// consumer has taken all but 64 KiB, so a slow consumer slows the child down instead of growing memory.
public final class PTYProcess: Sendable {
    /// The child's process id (also its process group and session id).
    public let pid: Int32
    /// The child's output; one consumer only. Finishes at EOF.
    public let output: AsyncStream<[UInt8]>

    private let master: PTYMaster
    private let buffer: PTYOutputBuffer
    private let reader: PTYReader
    private let reaper: ChildReaper

    private init(pid: Int32, fd: Int32) {
        self.pid = pid
        master = PTYMaster(fd: fd)
        let buffer = PTYOutputBuffer(highWater: Self.highWater, lowWater: 64 * 1024)
        self.buffer = buffer
        reader = PTYReader(master: master, buffer: buffer, label: "claudepm.pty.\(pid)")
        reaper = ChildReaper(pid: pid)
        let reader = reader
        let reaper = reaper
        Task.detached {
            _ = await reaper.wait()
            reader.childExited()
        }
        output = AsyncStream(unfolding: { await buffer.next() })
    }

    /// Spawns `executable` (a path, or a name searched in PATH) with `arguments` (without argv[0]) on a
    /// new PTY of `cols`×`rows`, in `cwd` (nil: ours). The child gets none of our other descriptors and
    /// default signal handling. The child's environment is this process's
    /// environment with `environment` laid over it, without `TMUX`/`TMUX_PANE`, and with
    /// `TERM=xterm-256color` unless `environment` names a TERM.
    public static func spawn(
        executable: String, arguments: [String], environment: [String: String], cwd: String?, cols: Int, rows: Int
    ) throws -> PTYProcess {
        guard (1...Int(UInt16.max)).contains(cols), (1...Int(UInt16.max)).contains(rows) else {
            throw PTYError.invalidArgument("size \(cols)x\(rows)")
        }
        var merged = Tmux.childEnvironment().merging(environment) { _, new in new }
        if environment["TERM"] == nil { merged["TERM"] = "xterm-256color" }
        let argv = try CStringArray([executable] + arguments)
        let envp = try CStringArray(merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })
        var fd: Int32 = -1
        let pid = argv.withPointers { argvPointer in
            envp.withPointers { envpPointer in
                csupport_pty_spawn_clean(executable, argvPointer, envpPointer, cwd, UInt16(rows), UInt16(cols), &fd)
            }
        }
        guard pid > 0, fd >= 0 else { throw PTYError.spawnFailed(executable: executable, errno: errno) }
        return PTYProcess(pid: pid, fd: fd)
    }

    /// Writes `bytes` to the child's terminal input, waiting while the PTY buffer is full.
    public func write(_ bytes: [UInt8]) throws {
        try master.write(bytes)
    }

    /// Changes the terminal size; the child receives SIGWINCH.
    public func resize(cols: Int, rows: Int) throws {
        guard (1...Int(UInt16.max)).contains(cols), (1...Int(UInt16.max)).contains(rows) else {
            throw PTYError.invalidArgument("size \(cols)x\(rows)")
        }
        try master.resize(cols: cols, rows: rows)
    }

    /// Ends the child: SIGHUP and SIGTERM to its process group now, SIGKILL after `gracePeriod` if it
    /// is still alive; once it has exited the PTY is closed and `output` finishes. Returns at once.
    public func terminate(gracePeriod: Duration = .seconds(2)) {
        let pid = pid
        let reaper = reaper
        let reader = reader
        Self.signal(pid, SIGHUP)
        Self.signal(pid, SIGTERM)
        Task.detached {
            let exited = await Self.waitForExit(reaper, within: gracePeriod)
            if !exited { Self.signal(pid, SIGKILL) }
            _ = await reaper.wait()
            reader.stop()
        }
    }

    /// Waits for the child to exit; returns its exit code, or 128+signal if a signal killed it.
    public func waitForExit() async -> Int32 {
        await reaper.wait()
    }

    /// Bytes read from the PTY and not yet taken from `output` (bounded by the backpressure policy).
    var queuedOutputBytes: Int { buffer.queuedBytes }

    /// Above this many queued bytes the reader pauses.
    static let highWater = 256 * 1024

    /// The exit code if the child has exited (and been reaped), else nil.
    public var exitCode: Int32? { reaper.exitCode }

    private static func signal(_ pid: Int32, _ signal: Int32) {
        if kill(-pid, signal) != 0 { _ = kill(pid, signal) }
    }

    private static func waitForExit(_ reaper: ChildReaper, within duration: Duration) async -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: duration)
        while clock.now < deadline {
            if reaper.exitCode != nil { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return reaper.exitCode != nil
    }
}
