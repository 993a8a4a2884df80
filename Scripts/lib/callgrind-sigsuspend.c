/* Preloaded into claudepm under valgrind by Scripts/callgrind-wall. libdispatch's main thread
 * (dispatchMain) waits in sigsuspend() on a signal mask in read-only memory; valgrind 3.19's
 * rt_sigsuspend wrapper edits that mask in place and dies of SIGSEGV ("the 'impossible'
 * happened"). This sigsuspend hands the kernel a writable copy instead. */
#define _GNU_SOURCE
#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>

int sigsuspend(const sigset_t *mask) {
    sigset_t copy = *mask;
    return (int)syscall(SYS_rt_sigsuspend, &copy, (size_t)(_NSIG / 8));
}
