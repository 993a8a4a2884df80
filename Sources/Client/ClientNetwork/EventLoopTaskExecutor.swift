// A task executor (SE-0417) that runs jobs on one NIO event loop. A link's task prefers the
// loop its socket reads on, so the frame that loop hands to the task's `for await` is taken on
// the same thread, right after the read, with no other thread woken; the task's default actors
// (the PTY stream's `PTYConnection`) run there too. Without it, every `pty:output` frame woke a
// pool thread to take it and then parked it again: at 9 tiles of 64 KB/s, ~900 wake-ups a second.

import NIOCore

/// Runs the jobs of tasks that prefer it on `loop`.
final class EventLoopTaskExecutor: TaskExecutor {
    /// The loop the jobs run on.
    let loop: any EventLoop

    /// An executor for `loop`.
    init(loop: any EventLoop) {
        self.loop = loop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
