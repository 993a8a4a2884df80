// Server fan-out: many WebSocket clients on one server with many sessions; a ticket PATCH makes
// the server broadcast `ticket:state` to every connection. Latency per client is from just before
// the PATCH is sent to that client's decoded message (all clients live in this process, so the
// figure includes our own receive work on a shared, busy machine: an upper bound).
import ClaudePMProtocol
import Foundation
import Synchronization

/// Measures broadcast delivery latency to many clients.
struct FanoutScenario {
    let server: ServerFixture
    let projectId: String
    let clients: Int
    let rounds: Int

    /// Runs the broadcasts; returns per-client latencies in milliseconds.
    func run() async throws -> [Double] {
        let ticket = try server.json(
            "POST", "/api/projects/\(projectId)/adhoc-tickets", ["title": "Benchmark ticket", "slug": "bench-ticket"])
        let ticketId = try ServerFixture.id(in: ticket, what: "ticket")
        let recorder = ArrivalRecorder()
        let sockets = try (0..<clients).map { _ in
            try MiniWebSocket.connect(port: server.port) { text in
                switch try? ServerMessage.decode(Data(text.utf8)) {
                case .agentSnapshot?: recorder.opened()
                case .ticketState?: recorder.arrived()
                default: break
                }
            }
        }
        defer { sockets.forEach { $0.close() } }
        try await waitFor("\(clients) clients greeted") { recorder.openCount >= clients }
        try await Task.sleep(for: .milliseconds(500))
        var latencies: [Double] = []
        for round in 0..<rounds {
            let start = recorder.startRound()
            _ = try server.json(
                "PATCH", "/api/tickets/\(ticketId)", ["state": round % 2 == 0 ? "in_progress" : "backlog"])
            try await waitFor("broadcast \(round) delivered") { recorder.arrivalCount >= clients }
            latencies += recorder.arrivals.map { ($0 - start).milliseconds }
            try await Task.sleep(for: .milliseconds(100))
        }
        return latencies
    }

    private func waitFor(_ what: String, _ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while !condition() {
            guard ContinuousClock.now < deadline else { throw BenchError.timeout(what) }
            try await Task.sleep(for: .milliseconds(2))
        }
    }
}

/// Counts greeted links (each gets one `agent:snapshot` at connect) and records when each broadcast arrived, from any socket task.
final class ArrivalRecorder: Sendable {
    private struct State {
        var opened = 0
        var arrivals: [ContinuousClock.Instant] = []
    }
    private let state = Mutex(State())

    func opened() { state.withLock { $0.opened += 1 } }
    func arrived() {
        let now = ContinuousClock.now
        state.withLock { $0.arrivals.append(now) }
    }

    /// Clears the arrivals and returns the round's start instant.
    func startRound() -> ContinuousClock.Instant {
        state.withLock { $0.arrivals = [] }
        return ContinuousClock.now
    }

    var openCount: Int { state.withLock { $0.opened } }
    var arrivalCount: Int { state.withLock { $0.arrivals.count } }
    var arrivals: [ContinuousClock.Instant] { state.withLock { $0.arrivals } }
}
