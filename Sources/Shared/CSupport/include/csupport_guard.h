/* Terminal restore on signals, for the claudepm client runtime.
   Signal handlers must be async-signal-safe, which Swift code cannot promise, so the handlers
   live here: they write a precomputed reset sequence, restore the saved termios, and either wake
   the UI loop (SIGINT, SIGTERM, SIGHUP, SIGWINCH, SIGTSTP, SIGCONT) or re-raise (fatal
   signals). */
#ifndef CSUPPORT_GUARD_H
#define CSUPPORT_GUARD_H
#include <stddef.h>
#include <sys/types.h>

/** The longest reset sequence the guard keeps. */
#define CSUPPORT_GUARD_MAX_RESET 512

/** How long after a SIGINT/SIGTERM/SIGHUP the process may take to end by itself: then the
    guard restores the terminal and exits with 128 + signal (what the clean path returns),
    whatever the loop is doing. */
#define CSUPPORT_GUARD_DEADLINE_MS 800

/** Installs the handlers. `tty_fd` is where the reset bytes go (normally 1); its termios is
    saved now and restored by `csupport_guard_restore`. `notify_fd` (a non-blocking pipe, or -1)
    receives one byte per SIGINT/SIGTERM/SIGHUP/SIGWINCH/SIGTSTP/SIGCONT: the signal number (with
    `notify_fd` -1, SIGTSTP stops the process at once, terminal restored, as
    `csupport_guard_stop_self`). A second terminating signal, or one arriving while `notify_fd`
    is -1, restores and re-raises; a deadline timer (SIGALRM, CSUPPORT_GUARD_DEADLINE_MS) armed
    by the first one restores and exits with 128 + signal.
    Fatal signals (SEGV, ABRT, BUS, ILL, FPE) always restore, then re-raise with the default
    action. Returns 0, or -1 if `len` is too long. */
int csupport_guard_install(int tty_fd, const char *reset, size_t len, int notify_fd);

/** Writes the reset sequence and restores the saved termios (async-signal-safe). */
void csupport_guard_restore(void);

/** Stops the process as job control does, with the terminal given back first: writes the reset
    sequence, restores the saved termios and raises SIGTSTP with its default action. Returns
    once the process is continued (SIGCONT), with the SIGTSTP handler back in place; the caller
    then takes the terminal again. Async-signal-safe. */
void csupport_guard_stop_self(void);

/** Puts every signal the guard handles back to its default action. */
void csupport_guard_uninstall(void);

/** For tests: forks a child on a new PTY of rows x cols. The child installs the guard with
    `reset` (notify_fd -1), writes `enter` (e.g. alternate screen on) and the line "READY\n",
    switches the terminal to raw mode, then blocks reading its terminal: a byte 's' makes it raise SIGSEGV, 'a' SIGABRT, 'q' makes it
    restore and exit 0; a signal ends it as the guard decides. Returns the pid and stores the
    non-blocking master fd, or -1. */
pid_t csupport_guard_spawn_probe(const char *reset, size_t len, const char *enter, size_t enter_len,
                                 unsigned short rows, unsigned short cols, int *master_fd);

/** For tests: like `csupport_guard_spawn_probe`, but the guard wakes a pipe nobody reads (a UI
    loop that is busy): a termination signal must still end it, through the deadline, with exit
    status 128 + signal and the terminal restored. */
pid_t csupport_guard_spawn_stuck_probe(const char *reset, size_t len, const char *enter, size_t enter_len,
                                       unsigned short rows, unsigned short cols, int *master_fd);

#endif
