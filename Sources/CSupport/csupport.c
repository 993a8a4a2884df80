#define _XOPEN_SOURCE 700
#define _GNU_SOURCE
#include "csupport.h"
#include <errno.h>
#include <fcntl.h>
#include <pty.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>
#include <wchar.h>

int csupport_wcwidth(uint32_t codepoint) { return wcwidth((wchar_t)codepoint); }

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
