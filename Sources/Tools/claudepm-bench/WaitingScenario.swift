// Waiting detection: the waiting pane prints a permission prompt at a known instant; the sample
// is the time until `session:waiting` with `waiting: true` for its session arrives on an event
// WebSocket subscribed to it (the arrival instant is taken on the socket's reader thread, before
// decoding). Then the pane prints the completion marker and the bench waits for
// `waiting: false` before the next round, after a random pause. A polling server sees the pane
// once per cycle (3 s plus its round over every session) and "waiting: false" comes right after
// one such look, so a short pause would put every prompt at the same phase of the cycle (just
// after the look: the worst case); with --poll-only the pause is spread over more than a cycle.
import ClaudePMProtocol
import Foundation
import Synchronization

/// One run of waiting-detection rounds against the stage's current server.
struct WaitingScenario {
    let server: ServerFixture
    let pane: WaitingPane
    let rounds: Int

    /// Latencies in milliseconds, and the rounds whose event did not come within 20 s.
    func run() async throws -> (latencies: [Double], missed: Int) {
        let events = WaitingEvents()
        let sessionId = pane.sessionId
        let socket = try MiniWebSocket.connect(port: server.port) { text in
            let arrival = ContinuousClock.now
            guard text.contains("\"session:waiting\"") else { return }
            if case .sessionWaiting(let payload)? = try? ServerMessage.decode(Data(text.utf8)),
                payload.sessionId == sessionId
            {
                events.record(waiting: payload.waiting, at: arrival)
            }
        }
        defer { socket.close() }
        try socket.send(String(decoding: try ClientMessage.subscribe(sessionId: sessionId).encoded(), as: UTF8.self))
        // Start from "not waiting": the marker, and time for a polling server to see it.
        try await pane.tell("done start")
        try await Task.sleep(for: server.pollOnly ? .seconds(5) : .milliseconds(500))
        var latencies: [Double] = []
        var missed = 0
        for round in 0..<rounds {
            let start = try await pane.tell("prompt \(round)")
            if let arrival = try await events.wait(waiting: true, after: start) {
                latencies.append((arrival - start).milliseconds)
            } else {
                missed += 1
            }
            let cleared = try await pane.tell("done \(round)")
            _ = try await events.wait(waiting: false, after: cleared)
            try await Task.sleep(for: .milliseconds(Int.random(in: 100...(server.pollOnly ? 5_000 : 600))))
        }
        return (latencies, missed)
    }
}

/// `session:waiting` arrivals of one session, recorded on a socket's reader thread.
final class WaitingEvents: Sendable {
    private let arrivals = Mutex<[(waiting: Bool, at: ContinuousClock.Instant)]>([])

    func record(waiting: Bool, at instant: ContinuousClock.Instant) {
        arrivals.withLock { $0.append((waiting, instant)) }
    }

    /// The first arrival of `waiting` at or after `start`; nil after 20 s without one.
    func wait(waiting: Bool, after start: ContinuousClock.Instant) async throws -> ContinuousClock.Instant? {
        let deadline = start + .seconds(20)
        while ContinuousClock.now < deadline {
            let found = arrivals.withLock { list in list.first { $0.waiting == waiting && $0.at >= start }?.at }
            if let found { return found }
            try await Task.sleep(for: .milliseconds(1))
        }
        return nil
    }
}
