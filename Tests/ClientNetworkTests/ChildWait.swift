// Waiting for a child without Foundation's `waitUntilExit`, which spins forever on a non-main
// thread when it misses the child's exit (seen here: a killed claudepm-server left a zombie and a
// test thread at 100 % CPU for half an hour).

import Foundation

enum ChildWait {
    /// Waits for `process` and returns its exit status as a shell reports it (128 + n when a
    /// signal ended it).
    @discardableResult
    static func exitStatus(of process: Process) -> Int32 {
        var status: Int32 = 0
        var result: pid_t
        repeat { result = waitpid(process.processIdentifier, &status, 0) } while result < 0 && errno == EINTR
        if result < 0 {
            // Foundation reaped it first, so it has seen the exit and its own wait returns.
            process.waitUntilExit()
            let code = process.terminationStatus
            return process.terminationReason == .uncaughtSignal ? 128 + code : code
        }
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }
}
