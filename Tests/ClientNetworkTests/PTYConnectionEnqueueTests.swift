// The key path's one hop: commands given to a PTYConnection from another thread (the UI loop)
// run on the connection's own event loop, isolated to it, in the order they were given.
import ClientCore
import Foundation
import NIOPosix
import Synchronization
import TestSupport
import Testing

@testable import ClientNetwork

@Suite struct PTYConnectionEnqueueTests {
    @Test func commandsRunOnTheConnectionsLoopInOrder() async {
        let connection = PTYConnection(
            server: ServerConfig(name: "s", url: ServerConfig.defaultURL), apiKey: nil, tls: nil, sessionId: "s1")
        let seen = Mutex<[(Int, Bool)]>([])
        let thread = Thread {
            for index in 0..<500 {
                connection.enqueue { isolated in
                    seen.withLock { $0.append((index, isolated.loop.inEventLoop)) }
                }
            }
        }
        thread.start()
        #expect(await eventually { seen.withLock { $0.count } == 500 })
        let runs = seen.withLock { $0 }
        #expect(runs.map(\.0) == Array(0..<500), "in the order given")
        #expect(runs.allSatisfy { $0.1 }, "on the connection's event loop")
    }
}
