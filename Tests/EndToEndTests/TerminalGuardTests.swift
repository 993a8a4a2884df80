// The terminal guard, tested the way it is used: a child on a real PTY installs it, turns on the
// alternate screen and raw mode, and is then crashed or killed. What reached the terminal must
// end with the reset sequence, the terminal must be back in canonical mode, and the child must
// still die of the signal it got.
import CSupport
import ClientRuntime
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("TerminalGuard", .ownThread)
struct TerminalGuardTests {
    /// Spawns the probe and waits until it is ready.
    private func spawnProbe(stuck: Bool = false) throws -> (pid: pid_t, reader: PTYReader) {
        var master: Int32 = -1
        let reset = TerminalReset.sequence.map { CChar(bitPattern: $0) }
        let enter = TerminalReset.enterSequence.map { CChar(bitPattern: $0) }
        let spawn = stuck ? csupport_guard_spawn_stuck_probe : csupport_guard_spawn_probe
        let pid = spawn(reset, reset.count, enter, enter.count, 24, 80, &master)
        try #require(pid > 0)
        let reader = PTYReader(fd: master)
        let ready = reader.read(until: { $0.contains(subsequence: Array("READY".utf8)) })
        try #require(ready, "probe never became ready: \(String(decoding: reader.bytes, as: UTF8.self))")
        return (pid, reader)
    }

    /// Kills a probe that is still running (after a failed expectation) and reaps it.
    private func reap(_ pid: pid_t) {
        kill(pid, SIGKILL)
        _ = waitForExit(pid, deadline: 5)
    }

    /// The bytes after READY end with the reset sequence, and the terminal is canonical again.
    private func expectRestored(_ reader: PTYReader) throws {
        reader.read()
        let ready = try #require(reader.bytes.range(of: Array("READY".utf8)))
        let tail = Array(reader.bytes[ready.upperBound...])
        #expect(tail.contains(subsequence: TerminalReset.sequence))
        let resetAt = try #require(tail.range(of: TerminalReset.sequence))
        let after = String(decoding: tail[resetAt.upperBound...], as: UTF8.self)
        #expect(!after.contains("\u{1B}[?1049h"), "alternate screen re-entered after reset")
    }

    @Test("a crash restores the terminal and still dies of the signal", arguments: ["s", "a"])
    func crashRestores(trigger: String) throws {
        let (pid, reader) = try spawnProbe()
        defer { reap(pid) }
        reader.write(trigger)
        try expectRestored(reader)
        let status = try #require(waitForExit(pid))
        #expect(terminatingSignal(status) == (trigger == "s" ? SIGSEGV : SIGABRT))
    }

    @Test("a termination signal restores the terminal and re-raises", arguments: [SIGTERM, SIGHUP, SIGINT])
    func terminationRestores(signal: Int32) throws {
        let (pid, reader) = try spawnProbe()
        defer { reap(pid) }
        kill(pid, signal)
        try expectRestored(reader)
        let status = try #require(waitForExit(pid))
        #expect(terminatingSignal(status) == signal)
    }

    @Test(
        "a termination signal ends a stuck loop too: restored, exit status 128+n", arguments: [SIGTERM, SIGHUP, SIGINT])
    func stuckLoopStillEnds(signal: Int32) throws {
        let (pid, reader) = try spawnProbe(stuck: true)
        defer { reap(pid) }
        kill(pid, signal)
        try expectRestored(reader)
        let status = try #require(waitForExit(pid))
        #expect(terminatingSignal(status) == nil, "ended by the deadline's exit, not by the signal")
        #expect(exitCode(status) == 128 + signal)
    }

    @Test("the saved terminal settings come back after a crash")
    func termiosRestored() throws {
        let (pid, reader) = try spawnProbe()
        defer { reap(pid) }
        var before = termios()
        try #require(tcgetattr(reader.fd, &before) == 0)
        #expect(before.c_lflag & tcflag_t(ICANON) == 0, "probe should be in raw mode")
        reader.write("s")
        reader.read()
        _ = waitForExit(pid)
        var after = termios()
        try #require(tcgetattr(reader.fd, &after) == 0)
        #expect(after.c_lflag & tcflag_t(ICANON) != 0)
        #expect(after.c_lflag & tcflag_t(ECHO) != 0)
    }

    @Test("a normal exit writes the reset sequence once")
    func quitRestores() throws {
        let (pid, reader) = try spawnProbe()
        defer { reap(pid) }
        reader.write("q")
        try expectRestored(reader)
        let status = try #require(waitForExit(pid))
        #expect(exitCode(status) == 0)
    }

    @Test("the reset sequence undoes every mode the enter sequence sets")
    func resetCoversEnter() {
        let enter = String(decoding: TerminalReset.enterSequence, as: UTF8.self)
        let reset = String(decoding: TerminalReset.sequence, as: UTF8.self)
        let modes = enter.split(separator: "\u{1B}").map { String($0.dropLast()) }
        #expect(!modes.isEmpty)
        for mode in modes {
            #expect(reset.contains("\u{1B}\(mode)l"), "mode \(mode) is not reset")
        }
        #expect(reset.hasSuffix("\u{1B}[?25h"))
    }
}
