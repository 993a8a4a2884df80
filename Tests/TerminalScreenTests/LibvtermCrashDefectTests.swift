// The libvterm 0.1.4 defects that Shim/LibvtermShim.swift lists as crashes and hangs, shown in
// raw libvterm: each case runs in a child (`libvterm-probe`, no guard or sanitizer in front),
// which crashes or never returns, while its control (the same bytes without the trigger) exits
// cleanly. A newer libvterm that fixed one fails its test, which says which workaround can go:
// REP with nothing printed (InputGuard), a UTF-8-encoded C1 control in insert mode and ill-formed
// UTF-8 cut by a control byte (UTF8Sanitizer). The shim's own tests feed the same bytes through
// TerminalScreen: VTermHangTests, UTF8SanitizerTests.
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite(
    .enabled(if: BuiltProducts.path(of: "libvterm-probe") != nil, "needs the libvterm-probe executable (full build)"))
struct LibvtermCrashDefectTests {
    /// How a probe run ended.
    enum Ending: Equatable {
        case exited(Int32)
        case signal(Int32)
        /// Still running after the wait: it hangs (then killed).
        case hung
    }

    /// Runs the probe on `name`. A case still running after `patience` hangs; one that returns does
    /// so in milliseconds, so the patience only decides how long a hang is watched.
    static func run(_ name: String, patience: Duration = .seconds(3)) async throws -> Ending {
        let probe = try #require(BuiltProducts.path(of: "libvterm-probe"))
        let pid = try Subprocess.spawn([probe, name], environment: ["SWIFT_BACKTRACE": "enable=no"])
        let deadline = ContinuousClock.now + patience
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            if ContinuousClock.now >= deadline {
                kill(pid, SIGKILL)
                _ = await Subprocess.reap(pid)
                return .hung
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .signal(signal)
    }

    @Test func repWithNothingPrintedYetNeverReturns() async throws {
        #expect(try await Self.run("rep-first") == .hung)
        #expect(try await Self.run("rep-first-control", patience: .seconds(60)) == .exited(0))
    }

    @Test func aUTF8EncodedC1ControlInInsertModeCrashes() async throws {
        #expect(try await Self.run("c1-insert", patience: .seconds(60)) == .signal(SIGSEGV))
        #expect(try await Self.run("c1-insert-control", patience: .seconds(60)) == .exited(0))
    }

    @Test func illFormedUTF8CutByAControlByteCrashes() async throws {
        #expect(try await Self.run("cut-utf8", patience: .seconds(60)) == .signal(SIGSEGV))
        #expect(try await Self.run("cut-utf8-control", patience: .seconds(60)) == .exited(0))
    }
}
