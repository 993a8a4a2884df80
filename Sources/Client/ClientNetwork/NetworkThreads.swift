// How many threads the client's sockets run on. A client receives at most a few megabytes a second
// over a handful of sockets (a wall of tiles: about 900 small PTY messages a second); one event
// loop thread serves that, with fewer wake-ups and thread switches than two threads splitting
// the same sockets (measured in docs/history/performance.md, session 14).

import Foundation
import NIOCore

/// The client's event loop threads.
public enum NetworkThreads {
    /// Makes NIO's shared event loop group one thread, unless `NIO_SINGLETON_GROUP_LOOP_COUNT`
    /// says otherwise. Call first thing in a command, before any socket or HTTP client is made:
    /// the group reads its size when first used, and NIO stops the program if the size is set
    /// after that or twice (this sets it at most once).
    public static func useOne() { _ = setOnce }

    private static let setOnce: Void = {
        guard ProcessInfo.processInfo.environment["NIO_SINGLETON_GROUP_LOOP_COUNT"] == nil else { return }
        NIOSingletons.groupLoopCountSuggestion = 1
    }()
}
