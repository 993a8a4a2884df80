// The pipe that ties the demo server's life to claudepm's: the server gets the read end as its
// stdin (`--exit-on-stdin-eof`), claudepm keeps the write end until it exits. Both ends are
// close-on-exec, so no other program claudepm starts can inherit the write end and keep the
// server alive after claudepm is gone.

import Foundation

/// A close-on-exec pipe for a child's stdin whose write end only this process holds.
struct Lifeline: Sendable {
    /// The end handed to the child as its standard input (close it here once the child runs).
    let childEnd: FileHandle
    /// The end this process keeps open for as long as it lives.
    let keptEnd: FileHandle

    /// Creates the pipe, or nil if the system refuses.
    static func make() -> Lifeline? {
        var fds: [Int32] = [0, 0]
        // pipe2 is not visible from Swift's Glibc module; claudepm starts no other process
        // between these two calls.
        guard pipe(&fds) == 0 else { return nil }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return Lifeline(
            childEnd: FileHandle(fileDescriptor: fds[0], closeOnDealloc: true),
            keptEnd: FileHandle(fileDescriptor: fds[1], closeOnDealloc: true))
    }
}
