// The link task's executor: jobs of a task that prefers it run on its NIO event loop, and a
// link's frames are taken on the loop its socket reads on (no other thread woken per frame).
import Foundation
import NIOPosix
import Synchronization
import TestSupport
import Testing

@testable import ClientNetwork

@Suite struct EventLoopTaskExecutorTests {
    @Test func aTaskThatPrefersTheExecutorResumesOnItsLoop() async {
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        let onLoop = await Task(executorPreference: EventLoopTaskExecutor(loop: loop)) { () async -> [Bool] in
            var seen = [loop.inEventLoop]
            for _ in 0..<3 {
                await Task.yield()
                try? await Task.sleep(for: .milliseconds(1))
                seen.append(loop.inEventLoop)
            }
            return seen
        }.value
        #expect(onLoop == [true, true, true, true])
    }

    @Test func aLinksFramesAreTakenOnAnEventLoopThread() async throws {
        let fixture = try await ServerFixture.make()
        let threads = Mutex<[Bool]>([])
        let link = WebSocketLink.spawn(
            server: fixture.config, apiKey: nil, tls: nil, onSocketLoop: true,
            callbacks: .init(
                opened: { _ in },
                message: { _ in threads.withLock { $0.append(MultiThreadedEventLoopGroup.currentEventLoop != nil) } },
                closed: { _ in }))
        defer { link.cancel() }
        #expect(await eventually { !threads.withLock { $0 }.isEmpty }, "the server sent no frame on connect")
        #expect(threads.withLock { $0 }.allSatisfy { $0 })
    }
}
