/* Small C helpers for what Swift cannot do safely or at all:
   - wcwidth (hidden behind _XOPEN_SOURCE in glibc's headers),
   - spawning a child on a new PTY (forkpty + exec; only async-signal-safe calls in the child),
   - window-size ioctls,
   - ppoll (declared only under _GNU_SOURCE). */
#ifndef CSUPPORT_H
#define CSUPPORT_H
#include <poll.h>
#include <stdint.h>
#include <sys/types.h>

/** The number of terminal columns a code point occupies (glibc wcwidth), -1 if non-printable. */
int csupport_wcwidth(uint32_t codepoint);

/** Like csupport_wcwidth, but always with the C.UTF-8 width table, whatever the process locale
    (uses a thread-local uselocale, so it is safe from any thread). -1 if non-printable. */
int csupport_wcwidth_utf8(uint32_t codepoint);

/** glibc wcwidth of the `count` code points from `first`, in the named locale (e.g. "C.UTF-8",
    "en_US.UTF-8"), into out. Returns 0, or -1 when the locale is not installed. For tests that
    compare the project's width rule with the C library itself. */
int csupport_wcwidth_range(const char *locale_name, uint32_t first, uint32_t count, int8_t *out);

/** Spawns `path` with `argv` and `envp` (NULL-terminated) on a new PTY of rows x cols.
    On success returns the child's pid and stores the non-blocking, close-on-exec master fd in
    *master_fd. Returns -1 and sets errno on failure. The child exits with 127 if exec fails. */
pid_t csupport_pty_spawn(const char *path, char *const argv[], char *const envp[],
                         const char *cwd, unsigned short rows, unsigned short cols, int *master_fd);

/** A netlink socket (close-on-exec) subscribed to link, address and route changes, IPv4 and IPv6:
    readable whenever the network under the client changes. Returns the descriptor or -1 with errno. */
int csupport_route_socket(void);

/** poll(2) with a timeout in seconds and nanoseconds (ppoll, no signal mask); a negative
    `seconds` waits without a timeout. Returns what ppoll returns. */
int csupport_poll_ns(struct pollfd *fds, nfds_t count, long seconds, long nanoseconds);

/** Sets the window size of a PTY (TIOCSWINSZ). Returns 0 or -1 with errno. */
int csupport_set_winsize(int fd, unsigned short rows, unsigned short cols);

/** Reads the window size of a terminal (TIOCGWINSZ). Returns 0 or -1 with errno. */
int csupport_get_winsize(int fd, unsigned short *rows, unsigned short *cols);

/** Like csupport_pty_spawn, but the child also starts clean: every descriptor above 2 is closed,
    the signal mask is emptied and all signal dispositions are reset to their defaults. */
pid_t csupport_pty_spawn_clean(const char *path, char *const argv[], char *const envp[],
                               const char *cwd, unsigned short rows, unsigned short cols, int *master_fd);

/** posix_spawn of `path` (an absolute path) with stdin/stdout/stderr set to the given descriptors,
    every other descriptor closed, an empty signal mask and default signal dispositions.
    Returns the pid, or -1 with errno set. */
pid_t csupport_spawn(const char *path, char *const argv[], char *const envp[],
                     int stdin_fd, int stdout_fd, int stderr_fd);

#endif
