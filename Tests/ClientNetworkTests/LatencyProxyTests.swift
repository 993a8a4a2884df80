// The latency proxy on real loopback sockets: it delays each direction by at least the profile's
// delay, a stall holds bytes without closing anything (half-open) and releases them on resume,
// and a drop resets the connection while new ones are still accepted.
import Foundation
import LatencyProxy
import TestSupport
import Testing

@Suite(.ownThread) struct LatencyProxyTests {
    @Test func eachDirectionIsDelayed() throws {
        let echo = try TCPEchoServer()
        let proxy = try LatencyProxy(
            targetPort: echo.port, profile: ProxyProfile(delay: .milliseconds(100), jitter: .milliseconds(20)))
        defer { proxy.stop() }
        let client = try TCPTestClient(port: proxy.port)
        let start = ContinuousClock.now
        client.send("ping")
        #expect(client.read(timeout: .seconds(10)) == .bytes("ping"))
        // Lower bounds only: a loaded machine may be slower, never faster.
        #expect(ContinuousClock.now - start >= .milliseconds(200))
        proxy.profile = ProxyProfile(upstreamDelay: .zero, downstreamDelay: .milliseconds(300))
        let second = ContinuousClock.now
        client.send("pong")
        #expect(client.read(timeout: .seconds(10)) == .bytes("pong"))
        #expect(ContinuousClock.now - second >= .milliseconds(300))
    }

    @Test func aStallHoldsBytesWithTheSocketsOpenUntilResumed() throws {
        let echo = try TCPEchoServer()
        let proxy = try LatencyProxy(targetPort: echo.port)
        defer { proxy.stop() }
        let client = try TCPTestClient(port: proxy.port)
        client.send("a")
        #expect(client.read(timeout: .seconds(10)) == .bytes("a"))
        proxy.stall()
        client.send("b")
        #expect(client.read(timeout: .milliseconds(500)) == .timedOut, "nothing answers during a stall")
        #expect(proxy.openConnections == 1, "the connection stays open (half-open)")
        proxy.resume()
        #expect(client.read(timeout: .seconds(10)) == .bytes("b"))
    }

    @Test func droppedConnectionsAreResetAndNewOnesWork() throws {
        let echo = try TCPEchoServer()
        let proxy = try LatencyProxy(targetPort: echo.port)
        defer { proxy.stop() }
        let client = try TCPTestClient(port: proxy.port)
        client.send("x")
        #expect(client.read(timeout: .seconds(10)) == .bytes("x"))
        proxy.dropConnections()
        #expect(client.read(timeout: .seconds(10)) == .closed)
        let again = try TCPTestClient(port: proxy.port)
        again.send("y")
        #expect(again.read(timeout: .seconds(10)) == .bytes("y"))
        #expect(proxy.acceptedConnections == 2)
    }

    @Test func aRestAnswerHeldByTheRestDelayIsCountedUntilItLeaves() throws {
        let echo = try TCPEchoServer()
        let proxy = try LatencyProxy(targetPort: echo.port)
        defer { proxy.stop() }
        proxy.restDelay = .seconds(60)
        let client = try TCPTestClient(port: proxy.port)
        client.send("GET /api/health HTTP/1.1\r\n\r\n")
        let deadline = ContinuousClock.now + .seconds(10)
        while proxy.heldAnswers == 0, ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(proxy.heldAnswers == 1, "the echoed answer is held")
        #expect(client.read(timeout: .milliseconds(200)) == .timedOut)
        proxy.dropConnections()
        #expect(client.read(timeout: .seconds(10)) == .closed)
        let released = ContinuousClock.now + .seconds(10)
        while proxy.heldAnswers != 0, ContinuousClock.now < released { Thread.sleep(forTimeInterval: 0.01) }
        #expect(proxy.heldAnswers == 0, "a dropped connection holds nothing")
    }
}
