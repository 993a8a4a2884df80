// TerminalGuard: gives the user's terminal back in a usable state however the client ends —
// quit, thrown error, SIGINT/SIGTERM/SIGHUP, or a crash (SIGSEGV, SIGABRT, SIGBUS, SIGILL,
// SIGFPE). The signal handlers are C (CSupport/terminal_guard.c) because only async-signal-safe
// calls are allowed there; they write the precomputed `TerminalReset.sequence`, restore the
// saved termios and re-raise. Termination signals first wake the UI loop through its
// self-pipe so it can shut down cleanly; a second one (or a stuck loop) takes the hard path.
import CSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bytes that undo every mode the client may have turned on in the outer terminal.
public enum TerminalReset {
    /// Mouse reporting off (X10, button, any-event, UTF-8, SGR, urxvt), focus events off,
    /// bracketed paste off, normal cursor keys and numeric keypad, attributes reset,
    /// alternate screen off, cursor shown.
    public static let sequence: [UInt8] = Array(
        ("\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1003l\u{1B}[?1005l\u{1B}[?1006l\u{1B}[?1015l"
            + "\u{1B}[?1004l\u{1B}[?2004l\u{1B}[?1l\u{1B}>\u{1B}[0m\u{1B}[?1049l\u{1B}[?25h").utf8)

    /// The modes the client turns on when it starts: alternate screen, bracketed paste, focus
    /// events, SGR mouse with button tracking. Each is undone by `sequence`.
    public static let enterSequence: [UInt8] = Array(
        "\u{1B}[?1049h\u{1B}[?2004h\u{1B}[?1004h\u{1B}[?1002h\u{1B}[?1006h".utf8)
}

/// Installs and removes the process-wide terminal restore handlers.
///
/// There is one set of signal handlers per process, so at most one guard should be installed at
/// a time; `install` replaces whatever an earlier guard set up.
public struct TerminalGuard: Sendable {
    /// The terminal the reset bytes are written to (normally standard output).
    public let ttyFD: Int32
    /// The write end of the UI loop's self-pipe, or -1 to make termination signals fatal.
    public let notifyFD: Int32

    /// A guard for `ttyFD` that wakes the loop through `notifyFD`.
    public init(ttyFD: Int32 = 1, notifyFD: Int32 = -1) {
        self.ttyFD = ttyFD
        self.notifyFD = notifyFD
    }

    /// Saves the terminal's current settings and installs the signal handlers.
    public func install() throws(RuntimeError) {
        let result = TerminalReset.sequence.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                csupport_guard_install(ttyFD, chars.baseAddress, chars.count, notifyFD)
            }
        }
        if result != 0 { throw .terminalSetupFailed("reset sequence too long for the signal guard") }
    }

    /// Writes the reset sequence and restores the saved terminal settings now.
    public func restore() {
        csupport_guard_restore()
    }

    /// Stops the process as Ctrl-Z does in a shell, with the terminal restored first; returns
    /// once it is continued (`fg`).
    public static func stopSelf() {
        csupport_guard_stop_self()
    }

    /// Restores default signal dispositions.
    public func uninstall() {
        csupport_guard_uninstall()
    }
}
