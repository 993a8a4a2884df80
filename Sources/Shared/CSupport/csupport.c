#define _XOPEN_SOURCE 700
#define _GNU_SOURCE
#include "csupport.h"
#include <errno.h>
#include <fcntl.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <locale.h>
#include <poll.h>
#include <pthread.h>
#include <pty.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>
#include <wchar.h>

int csupport_wcwidth(uint32_t codepoint) { return wcwidth((wchar_t)codepoint); }

static locale_t csupport_utf8_locale;
static pthread_once_t csupport_utf8_once = PTHREAD_ONCE_INIT;

static void csupport_make_utf8_locale(void) {
    csupport_utf8_locale = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0);
}

int csupport_wcwidth_utf8(uint32_t codepoint) {
    pthread_once(&csupport_utf8_once, csupport_make_utf8_locale);
    if (csupport_utf8_locale == (locale_t)0) return wcwidth((wchar_t)codepoint);
    locale_t previous = uselocale(csupport_utf8_locale);
    int width = wcwidth((wchar_t)codepoint);
    uselocale(previous);
    return width;
}

int csupport_wcwidth_range(const char *locale_name, uint32_t first, uint32_t count, int8_t *out) {
    locale_t named = newlocale(LC_CTYPE_MASK, locale_name, (locale_t)0);
    if (named == (locale_t)0) return -1;
    locale_t previous = uselocale(named);
    for (uint32_t i = 0; i < count; i++) out[i] = (int8_t)wcwidth((wchar_t)(first + i));
    uselocale(previous);
    freelocale(named);
    return 0;
}

pid_t csupport_pty_spawn(const char *path, char *const argv[], char *const envp[],
                         const char *cwd, unsigned short rows, unsigned short cols, int *master_fd) {
    struct winsize ws = {.ws_row = rows, .ws_col = cols, .ws_xpixel = 0, .ws_ypixel = 0};
    int fd = -1;
    pid_t pid = forkpty(&fd, NULL, NULL, &ws);
    if (pid < 0) return -1;
    if (pid == 0) {
        /* Child: async-signal-safe calls only. */
        if (cwd != NULL && chdir(cwd) != 0) _exit(126);
        if (envp != NULL) execvpe(path, argv, envp); else execvp(path, argv);
        _exit(127);
    }
    int flags = fcntl(fd, F_GETFL);
    if (flags >= 0) fcntl(fd, F_SETFL, flags | O_NONBLOCK);
    fcntl(fd, F_SETFD, FD_CLOEXEC);
    *master_fd = fd;
    return pid;
}

int csupport_set_winsize(int fd, unsigned short rows, unsigned short cols) {
    struct winsize ws = {.ws_row = rows, .ws_col = cols, .ws_xpixel = 0, .ws_ypixel = 0};
    return ioctl(fd, TIOCSWINSZ, &ws);
}

int csupport_get_winsize(int fd, unsigned short *rows, unsigned short *cols) {
    struct winsize ws;
    if (ioctl(fd, TIOCGWINSZ, &ws) != 0) return -1;
    *rows = ws.ws_row;
    *cols = ws.ws_col;
    return 0;
}

/* Child side of a clean spawn: async-signal-safe calls only. */
static void csupport_reset_child(void) {
    sigset_t empty;
    sigemptyset(&empty);
    sigprocmask(SIG_SETMASK, &empty, NULL);
    for (int sig = 1; sig < NSIG; sig++) signal(sig, SIG_DFL);
    closefrom(3);
}

pid_t csupport_pty_spawn_clean(const char *path, char *const argv[], char *const envp[],
                               const char *cwd, unsigned short rows, unsigned short cols, int *master_fd) {
    struct winsize ws = {.ws_row = rows, .ws_col = cols, .ws_xpixel = 0, .ws_ypixel = 0};
    int fd = -1;
    pid_t pid = forkpty(&fd, NULL, NULL, &ws);
    if (pid < 0) return -1;
    if (pid == 0) {
        csupport_reset_child();
        if (cwd != NULL && chdir(cwd) != 0) _exit(126);
        if (envp != NULL) execvpe(path, argv, envp); else execvp(path, argv);
        _exit(127);
    }
    int flags = fcntl(fd, F_GETFL);
    if (flags >= 0) fcntl(fd, F_SETFL, flags | O_NONBLOCK);
    fcntl(fd, F_SETFD, FD_CLOEXEC);
    *master_fd = fd;
    return pid;
}

pid_t csupport_spawn(const char *path, char *const argv[], char *const envp[],
                     int stdin_fd, int stdout_fd, int stderr_fd) {
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attr;
    sigset_t empty, all;
    sigemptyset(&empty);
    sigfillset(&all);
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, stdin_fd, 0);
    posix_spawn_file_actions_adddup2(&actions, stdout_fd, 1);
    posix_spawn_file_actions_adddup2(&actions, stderr_fd, 2);
    posix_spawn_file_actions_addclosefrom_np(&actions, 3);
    posix_spawnattr_init(&attr);
    posix_spawnattr_setsigmask(&attr, &empty);
    posix_spawnattr_setsigdefault(&attr, &all);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    pid_t pid = -1;
    int rc = posix_spawn(&pid, path, &actions, &attr, argv, envp);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attr);
    if (rc != 0) {
        errno = rc;
        return -1;
    }
    return pid;
}

int csupport_route_socket(void) {
    int fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_ROUTE);
    if (fd < 0) return -1;
    struct sockaddr_nl address;
    memset(&address, 0, sizeof address);
    address.nl_family = AF_NETLINK;
    address.nl_groups = RTMGRP_LINK | RTMGRP_IPV4_IFADDR | RTMGRP_IPV6_IFADDR | RTMGRP_IPV4_ROUTE | RTMGRP_IPV6_ROUTE;
    if (bind(fd, (struct sockaddr *)&address, sizeof address) != 0) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    return fd;
}

int csupport_poll_ns(struct pollfd *fds, nfds_t count, long seconds, long nanoseconds) {
    if (seconds < 0) return ppoll(fds, count, NULL, NULL);
    struct timespec limit = {.tv_sec = seconds, .tv_nsec = nanoseconds};
    return ppoll(fds, count, &limit, NULL);
}
