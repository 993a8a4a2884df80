// The cross-server event relay: broadcasts published on one server's bus reach another server's bus
// through the shared database (and never come back to their origin), session events stay local,
// unreadable payloads are ignored, a dropped connection is re-established, and the JSON form keeps
// every field (or drops a long feedback text to fit NOTIFY).
import Foundation
import Logging
import ServerCore
import Synchronization
import TestSupport
import Testing

@testable import ServerPostgres

@Suite(.enabled(if: PostgresTestCluster.isAvailable, "needs PostgreSQL"), .ownThread)
struct PostgresEventRelayTests {
    /// Quiet: the expected warnings (connections lost, payloads ignored) would drown the output.
    let logger: Logger = {
        var logger = Logger(label: "PostgresEventRelayTests")
        logger.logLevel = .error
        return logger
    }()

    /// The events a bus's sinks received, in order.
    final class Recorder: Sendable {
        let events = Mutex<[ServerEvent]>([])
        init(_ bus: EventBus) { bus.add { event in self.events.withLock { $0.append(event) } } }
        var all: [ServerEvent] { events.withLock { $0 } }
    }

    static let at = Date(timeIntervalSinceReferenceDate: 786_000_000.123)

    static func transition(feedback: String?) -> TicketTransition {
        TicketTransition(
            ticketId: "t1", fromState: "in_progress", toState: "review", trigger: "hook", reason: "done",
            feedback: feedback, triggeredBy: "claude", historyId: "h1", at: at)
    }

    @Test func broadcastsCrossServersButNeverComeBack() async throws {
        let url = try PostgresTestCluster.createDatabase(prefix: "relay")
        defer { PostgresTestCluster.dropDatabase(url) }
        let (busA, busB) = (EventBus(), EventBus())
        let (seenA, seenB) = (Recorder(busA), Recorder(busB))
        let relayA = try PostgresEventRelay(url: url, bus: busA, origin: "server-a", logger: logger)
        let relayB = try PostgresEventRelay(url: url, bus: busB, origin: "server-b", logger: logger)
        relayA.start()
        relayB.start()
        defer {
            relayA.stop()
            relayB.stop()
        }
        #expect(await eventually(within: 30) { relayA.isListening && relayB.isListening })

        let notification = ServerEvent.notification(id: "n1", title: "Review", body: "Ticket ready ✓", at: Self.at)
        let session = ServerEvent.sessionOutput(sessionId: "s1", lines: ["local only"])
        busA.publish(session)
        busA.publish(notification)
        #expect(await eventually(within: 30) { seenB.all == [notification] }, "\(seenB.all)")

        let ticket = ServerEvent.ticketState(Self.transition(feedback: "please fix"))
        busB.publish(ticket)
        #expect(await eventually(within: 30) { seenA.all.count == 3 }, "\(seenA.all)")
        // A's own notification went out and came back on the channel, and was ignored: A saw its
        // two local events and B's ticket once.
        #expect(seenA.all == [session, notification, ticket])
        #expect(seenB.all == [notification, ticket])
    }

    @Test func unreadablePayloadsAreIgnored() async throws {
        let url = try PostgresTestCluster.createDatabase(prefix: "relay_garbage")
        defer { PostgresTestCluster.dropDatabase(url) }
        let bus = EventBus()
        let seen = Recorder(bus)
        let relay = try PostgresEventRelay(url: url, bus: bus, origin: "server-a", logger: logger)
        relay.start()
        defer { relay.stop() }
        #expect(await eventually(within: 30) { relay.isListening })

        let sender = try PostgresEngine(url: url, logger: logger)
        defer { sender.close() }
        let valid = try #require(
            PostgresEventRelay(url: url, bus: EventBus(), origin: "server-b", logger: logger)
                .encode(.notification(id: "n2", title: "t", body: "b", at: Self.at)))
        for payload in ["not json", #"{"origin":"x","event":{"kind":"mystery","at":0}}"#, "{}", valid] {
            _ = try sender.read {
                try $0.rows("SELECT pg_notify(?, ?)", [.text(PostgresEventRelay.channel), .text(payload)])
            }
        }
        #expect(await eventually(within: 30) { seen.all.count == 1 })
        #expect(seen.all == [.notification(id: "n2", title: "t", body: "b", at: Self.at)])
    }

    @Test func theRelayReconnectsAfterItsConnectionIsEnded() async throws {
        let url = try PostgresTestCluster.createDatabase(prefix: "relay_reconnect")
        defer { PostgresTestCluster.dropDatabase(url) }
        let (busA, busB) = (EventBus(), EventBus())
        let seenB = Recorder(busB)
        let relayA = try PostgresEventRelay(url: url, bus: busA, origin: "server-a", logger: logger)
        let relayB = try PostgresEventRelay(url: url, bus: busB, origin: "server-b", logger: logger)
        relayA.start()
        relayB.start()
        defer {
            relayA.stop()
            relayB.stop()
        }
        #expect(await eventually(within: 30) { relayA.isListening && relayB.isListening })

        // End every session on the database but the engine's own: both relays lose theirs.
        let admin = try PostgresEngine(url: url, logger: logger)
        defer { admin.close() }
        let others = """
            SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()
                AND backend_type = 'client backend'
            """
        let before = Set(try admin.read { try $0.rows(others, []) }.map { $0.int("pid") })
        #expect(before.count == 2)
        let ended = try admin.read {
            try $0.rows("SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE pid IN (\(others))", [])
        }
        #expect(ended.count == 2 && ended.allSatisfy { $0.bool("ok") })
        // Both come back, on new sessions.
        #expect(
            try await eventually(within: 30) {
                let now = Set(try admin.read { try $0.rows(others, []) }.map { $0.int("pid") })
                return now.count == 2 && now.isDisjoint(with: before) && relayA.isListening && relayB.isListening
            })

        let event = ServerEvent.notification(id: "after", title: "t", body: "b", at: Self.at)
        busA.publish(event)
        #expect(await eventually(within: 30) { seenB.all == [event] })
    }

    @Test func theJSONFormKeepsEveryFieldAndFitsNotify() throws {
        let relay = try PostgresEventRelay(
            url: "postgres://u@localhost/db?host=/nowhere", bus: EventBus(), origin: "o", logger: logger)
        let events: [ServerEvent] = [
            .notification(id: "n", title: "T \"q\"", body: "B\n/ü", at: Self.at),
            .ticketState(Self.transition(feedback: "fix ✓")),
            .ticketState(Self.transition(feedback: nil)),
            .sessionsChanged(sessionId: "s-1"), .sessionsChanged(sessionId: nil),
        ]
        for event in events {
            let payload = try #require(relay.encode(event))
            let decoded = try JSONDecoder().decode(RelayedEvent.self, from: Data(payload.utf8))
            #expect(decoded.origin == "o")
            #expect(decoded.event == event)
            let object = try JSONSerialization.jsonObject(with: Data(payload.utf8)) as? [String: Any]
            #expect(object?["origin"] as? String == "o")
            #expect(object?["event"] is [String: Any])
        }
        #expect(relay.encode(.sessionStatus(sessionId: "s", previous: "a", new: "b", at: Self.at)) == nil)

        // A long feedback text is dropped; the transition still goes.
        let long = String(repeating: "x", count: 10_000)
        let trimmed = try #require(relay.encode(.ticketState(Self.transition(feedback: long))))
        #expect(trimmed.utf8.count <= PostgresEventRelay.maximumPayload)
        let decoded = try JSONDecoder().decode(RelayedEvent.self, from: Data(trimmed.utf8))
        #expect(decoded.event == .ticketState(Self.transition(feedback: nil)))
        // A notification too large is not relayed at all.
        #expect(relay.encode(.notification(id: "n", title: "t", body: long, at: Self.at)) == nil)
    }
}
