/* Async-signal-safe terminal restore; see include/csupport_guard.h. */
#define _GNU_SOURCE
#include "csupport_guard.h"
#include <errno.h>
#include <fcntl.h>
#include <pty.h>
#include <signal.h>
#include <string.h>
#include <sys/time.h>
#include <termios.h>
#include <unistd.h>

static char guard_reset[CSUPPORT_GUARD_MAX_RESET];
static size_t guard_reset_len = 0;
static int guard_tty_fd = -1;
static volatile sig_atomic_t guard_notify_fd = -1;
static volatile sig_atomic_t guard_have_termios = 0;
static volatile sig_atomic_t guard_terminating = 0;
static volatile sig_atomic_t guard_pending_signal = 0;
static struct termios guard_termios;

static const int fatal_signals[] = {SIGSEGV, SIGABRT, SIGBUS, SIGILL, SIGFPE};
static const int wake_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGWINCH, SIGTSTP, SIGCONT};

/* Signals that ask the process to end (the others only wake the loop). */
static int is_termination(int sig) { return sig == SIGINT || sig == SIGTERM || sig == SIGHUP; }

static void write_all(int fd, const char *buf, size_t len) {
    while (len > 0) {
        ssize_t n = write(fd, buf, len);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return;
        buf += n;
        len -= (size_t)n;
    }
}

void csupport_guard_restore(void) {
    int saved = errno;
    if (guard_tty_fd >= 0 && guard_reset_len > 0) write_all(guard_tty_fd, guard_reset, guard_reset_len);
    if (guard_tty_fd >= 0 && guard_have_termios) tcsetattr(guard_tty_fd, TCSAFLUSH, &guard_termios);
    errno = saved;
}

static void restore_and_reraise(int sig) {
    csupport_guard_restore();
    signal(sig, SIG_DFL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, sig);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
    raise(sig);
}

static void on_fatal(int sig) { restore_and_reraise(sig); }

/* The deadline of a termination signal: the way out did not finish in time, so restore and end
   the process with the status the clean path returns (128 + signal). Not by re-raising: a shell
   that sees its child die of SIGINT stops the rest of its command list as if Ctrl-C was typed. */
static void on_deadline(int sig) {
    (void)sig;
    int pending = guard_pending_signal;
    if (pending == 0) return;
    csupport_guard_restore();
    _exit(128 + pending);
}

/* Arms a one-shot timer that ends the process CSUPPORT_GUARD_DEADLINE_MS after a termination
   signal, whatever the loop is doing (setitimer is a plain system call on Linux). */
static void arm_deadline(int sig) {
    guard_pending_signal = sig;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_deadline;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGALRM, &sa, NULL);
    struct itimerval timer;
    memset(&timer, 0, sizeof timer);
    timer.it_value.tv_sec = CSUPPORT_GUARD_DEADLINE_MS / 1000;
    timer.it_value.tv_usec = (CSUPPORT_GUARD_DEADLINE_MS % 1000) * 1000;
    setitimer(ITIMER_REAL, &timer, NULL);
}

static void on_wake(int sig) {
    int fd = guard_notify_fd;
    if (sig == SIGTSTP && fd < 0) {
        csupport_guard_stop_self();
        return;
    }
    if (is_termination(sig) && (fd < 0 || guard_terminating)) {
        restore_and_reraise(sig);
        return;
    }
    if (is_termination(sig)) {
        guard_terminating = 1;
        arm_deadline(sig);
    }
    if (fd >= 0) {
        int saved = errno;
        unsigned char byte = (unsigned char)sig;
        ssize_t ignored = write(fd, &byte, 1);
        (void)ignored;
        errno = saved;
    }
}

static void set_handler(int sig, void (*handler)(int)) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = handler;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    sigaction(sig, &sa, NULL);
}

int csupport_guard_install(int tty_fd, const char *reset, size_t len, int notify_fd) {
    if (len > sizeof guard_reset) return -1;
    memcpy(guard_reset, reset, len);
    guard_reset_len = len;
    /* A descriptor of our own for the terminal: the UI may point tty_fd elsewhere for a moment
       (FrameBatcher sends one frame's output through a pipe), and a restore must still reach the
       terminal. */
    int own = fcntl(tty_fd, F_DUPFD_CLOEXEC, 3);
    if (guard_tty_fd >= 0 && guard_tty_fd != tty_fd) close(guard_tty_fd);
    guard_tty_fd = own >= 0 ? own : tty_fd;
    guard_notify_fd = notify_fd;
    guard_terminating = 0;
    guard_have_termios = tcgetattr(guard_tty_fd, &guard_termios) == 0;
    for (size_t i = 0; i < sizeof fatal_signals / sizeof fatal_signals[0]; i++) set_handler(fatal_signals[i], on_fatal);
    for (size_t i = 0; i < sizeof wake_signals / sizeof wake_signals[0]; i++) set_handler(wake_signals[i], on_wake);
    return 0;
}

void csupport_guard_stop_self(void) {
    int saved = errno;
    restore_and_reraise(SIGTSTP);
    /* Continued (fg, SIGCONT): take SIGTSTP again. */
    set_handler(SIGTSTP, on_wake);
    errno = saved;
}

void csupport_guard_uninstall(void) {
    for (size_t i = 0; i < sizeof fatal_signals / sizeof fatal_signals[0]; i++) signal(fatal_signals[i], SIG_DFL);
    for (size_t i = 0; i < sizeof wake_signals / sizeof wake_signals[0]; i++) signal(wake_signals[i], SIG_DFL);
    guard_notify_fd = -1;
    /* A pending termination deadline stays armed: the process still ends within it if the way
       out (closing sockets, stopping a demo server) hangs. */
}

static void probe_child(const char *reset, size_t len, const char *enter, size_t enter_len, int stuck) {
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    /* A stuck probe's "loop" never reads its wake-up pipe, as a UI loop busy elsewhere would not. */
    int wake[2] = {-1, -1};
    if (stuck && pipe(wake) != 0) _exit(2);
    if (csupport_guard_install(1, reset, len, wake[1]) != 0) _exit(2);
    struct termios raw;
    if (tcgetattr(0, &raw) == 0) {
        cfmakeraw(&raw);
        tcsetattr(0, TCSANOW, &raw);
    }
    write_all(1, enter, enter_len);
    write_all(1, "READY\n", 6);
    for (;;) {
        char c;
        ssize_t n = read(0, &c, 1);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) _exit(3);
        if (c == 's') raise(SIGSEGV);
        if (c == 'a') raise(SIGABRT);
        if (c == 'q') {
            csupport_guard_restore();
            _exit(0);
        }
    }
}

static pid_t spawn_probe(const char *reset, size_t len, const char *enter, size_t enter_len, unsigned short rows,
                         unsigned short cols, int *master_fd, int stuck) {
    struct winsize ws = {.ws_row = rows, .ws_col = cols, .ws_xpixel = 0, .ws_ypixel = 0};
    int fd = -1;
    pid_t pid = forkpty(&fd, NULL, NULL, &ws);
    if (pid < 0) return -1;
    if (pid == 0) probe_child(reset, len, enter, enter_len, stuck);
    int flags = fcntl(fd, F_GETFL);
    if (flags >= 0) fcntl(fd, F_SETFL, flags | O_NONBLOCK);
    fcntl(fd, F_SETFD, FD_CLOEXEC);
    *master_fd = fd;
    return pid;
}

pid_t csupport_guard_spawn_probe(const char *reset, size_t len, const char *enter, size_t enter_len,
                                 unsigned short rows, unsigned short cols, int *master_fd) {
    return spawn_probe(reset, len, enter, enter_len, rows, cols, master_fd, 0);
}

pid_t csupport_guard_spawn_stuck_probe(const char *reset, size_t len, const char *enter, size_t enter_len,
                                       unsigned short rows, unsigned short cols, int *master_fd) {
    return spawn_probe(reset, len, enter, enter_len, rows, cols, master_fd, 1);
}
