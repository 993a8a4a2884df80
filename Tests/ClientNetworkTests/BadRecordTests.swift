// One bad record never takes a server offline: against a server that writes `NaN` where a number
// belongs (not JSON, as a Python server's json.dumps does) and sends a session, a notification and
// a ticket that do not decode, the event socket's resync lands with every other record, names
// each one left out (event and log) and stays connected; `claudepm sessions|notifications|tickets
// --json` list the rest and warn on stderr. Before, the whole answer failed to parse and every
// resync failed ("resync failed", a raw DecodingError text). An event frame that cannot be read is
// named once per kind and the frames after it arrive.
import ClaudePMProtocol
import ClientCore
import Foundation
import TestSupport
import Testing

@testable import ClientNetwork

@Suite struct BadRecordTests {
    static let project = "3f2b8c1e-5a6d-4e7f-8a9b-0c1d2e3f4a5b"

    /// A session record; `context` and `status` are written as given (raw JSON).
    static func session(_ id: String, context: String = "12", status: String = #""running""#) -> String {
        #"{"id":"\#(id)","project_id":"\#(project)","ticket_id":null,"type":"adhoc","status":\#(status),"#
            + #""source":"api","context_percent":\#(context),"pane_id":"%1","pane_name":null,"#
            + #""pane_command":null,"pane_cwd":null,"started_at":null,"ended_at":null,"#
            + #""created_at":"2026-11-24T10:00:00.000Z","updated_at":"2026-11-24T10:00:00.000Z"}"#
    }

    static func notification(_ id: String, type: String) -> String {
        #"{"id":"\#(id)","type":\#(type),"message":"m","created_at":"2026-11-24T10:00:00.000Z","#
            + #""session":null,"ticket":null}"#
    }

    static func ticket(_ id: String, state: String) -> String {
        #"{"id":"\#(id)","external_id":"CSM-1","title":"t","state":\#(state),"file_path":"a.md","#
            + #""prefix":"CSM","is_adhoc":false,"is_explore":false,"started_at":null,"completed_at":null,"#
            + #""created_at":"2026-11-24T10:00:00.000Z","updated_at":"2026-11-24T10:00:00.000Z"}"#
    }

    static let page = #""pagination":{"page":1,"limit":100,"total":2,"total_pages":1}"#

    /// The answers of a server with one bad record in each list, by path.
    static let routes: [String: String] = [
        "/api/health": #"{"status":"healthy"}"#,
        "/api/sessions": "[" + session("aaaaaaaa-1", context: "NaN") + "," + session("bbbbbbbb-2", status: "5") + ","
            + session("cccccccc-3", context: "Infinity") + "]",
        "/api/notifications": #"{"data":["# + notification("dddddddd-4", type: "7") + ","
            + notification("eeeeeeee-5", type: #""waiting_input""#) + #"],"count":2}"#,
        "/api/projects": #"{"data":[{"id":"\#(project)","name":"shop","repo_path":"/r","tickets_path":"t","#
            + #""handoff_path":"h","tmux_session":"shop","tmux_window":null,"#
            + #""created_at":"2026-11-24T10:00:00.000Z","updated_at":"2026-11-24T10:00:00.000Z"}],\#(page)}"#,
        "/api/projects/\(project)/tickets": #"{"data":["# + ticket("ffffffff-6", state: #""backlog""#) + ","
            + ticket("99999999-7", state: "null") + "],\(page)}",
    ]

    /// A loopback HTTP server answering `routes` (404 for anything else), one request per connection.
    static func upstream() throws -> TCPEchoServer {
        try TCPEchoServer { request in
            let target = request.split(separator: " ").dropFirst().first.map(String.init) ?? ""
            let path = String(target.split(separator: "?").first ?? "")
            let body = routes[path] ?? #"{"error":"Not found"}"#
            let status = routes[path] == nil ? "404 Not Found" : "200 OK"
            return Array(
                ("HTTP/1.1 \(status)\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n"
                    + "Connection: close\r\n\r\n\(body)").utf8)
        }
    }

    @Test func aNonNumberReadsAsUnknownAndABadRecordIsNamed() throws {
        let data = Data(try #require(Self.routes["/api/sessions"]).utf8)
        let list = try RESTClient.decoder.decode(LossyList<Session>.self, from: data)
        #expect(list.items.map(\.id) == ["aaaaaaaa-1", "cccccccc-3"])
        #expect(list.items.map(\.contextPercent) == [0, 0])
        #expect(list.skipped == ["#1 (bbbbbbbb): bad status"])
        #expect(throws: DecodingError.self, "strict JSON refuses the whole answer") {
            try ClaudePMJSON.decoder().decode(LossyList<Session>.self, from: data)
        }
    }

    @Test(.enabled(if: ServerProcess.isAvailable, "needs the claudepm-server binary (full build)"))
    func aResyncKeepsTheRestNamesTheBadOnesAndStaysOnline() async throws {
        let upstream = try Self.upstream()
        let fixture = try await ServerFixture.make()
        let capture = LogCapture()
        let socket = EventSocket(
            server: fixture.config, apiKey: nil, tls: nil, configuration: ServerFixture.fastConnection,
            logger: capture.logger)
        let url = try #require(URL(string: "http://127.0.0.1:\(upstream.port)"))
        await socket.replaceREST(RESTClient(server: ServerConfig(name: "lab", url: url), apiKey: nil, tls: nil))
        let recorder = EventRecorder.follow(socket)
        await socket.start()
        #expect(await eventually { await recorder.connected(snapshots: 1) })
        let snapshot = try #require(await recorder.snapshots.first)
        #expect(snapshot.sessions.map(\.id) == ["aaaaaaaa-1", "cccccccc-3"])
        #expect(snapshot.notifications.map(\.id) == ["eeeeeeee-5"])
        #expect(snapshot.tickets[Self.project]?.map(\.id) == ["ffffffff-6"])
        let named = [
            "session #1 (bbbbbbbb): bad status", "notification #0 (dddddddd): bad type",
            "ticket of shop #1 (99999999): bad state",
        ]
        #expect(await recorder.skipped == named)
        #expect(snapshot.skipped == named)
        #expect(await recorder.offlineReasons.isEmpty, "the link stays up")
        for record in named {
            #expect(capture.lines.contains { $0.hasPrefix("warning server lab: skipped a record it sent: \(record)") })
        }
        await socket.shutdown()
    }

    @Test(.enabled(if: ServerProcess.isAvailable, "needs the claudepm and claudepm-server binaries"))
    func listingCommandsListTheRestAndWarn() async throws {
        let upstream = try Self.upstream()
        let home = try TempDirectory()
        let config = home.path + "/c.toml"
        try "[server.odd]\nurl = \"http://127.0.0.1:\(upstream.port)\"\n".write(
            toFile: config, atomically: true, encoding: .utf8)
        let cases: [(command: String, ids: [String], warning: String)] = [
            (
                "sessions", ["aaaaaaaa-1", "cccccccc-3"],
                "warning: odd: a session record was skipped (#1 (bbbbbbbb): bad status)"
            ),
            (
                "notifications", ["eeeeeeee-5"],
                "warning: odd: a notification record was skipped (#0 (dddddddd): bad type)"
            ),
            ("tickets", ["ffffffff-6"], "warning: odd: a ticket record was skipped (shop #1 (99999999): bad state)"),
        ]
        for (command, ids, warning) in cases {
            let run = try await CLIRunner.run([command, "--json", "--config", config], home: home.path)
            #expect(run.status == 0, "\(command): \(run.stderr)")
            let records = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]]
            #expect(records?.compactMap { $0["id"] as? String } == ids, "\(command): \(run.stdout)")
            #expect(run.stderr == warning + "\n", "\(command)")
        }
    }

    @Test func anEventThatCannotBeReadIsNamedOnceAndTheRestArrive() async throws {
        let good =
            #"{"sessionId":"5eed0001-0000-4000-8000-000000000001","previousStatus":"running","#
            + #""newStatus":"completed","timestamp":"2026-11-24T10:00:00.000Z"}"#
        let bad =
            #"{"type":"session:status","payload":{"sessionId":"5eed0001-0000-4000-8000-000000000001","#
            + #""newStatus":7}}"#
        let socketServer = try await ScriptedWebSocketServer(script: [
            .text(bad), .text(#"{"type":"session:context","payload":{"sessionId":"x","contextPercent":NaN}}"#),
            .text(bad), .text(#"{"type":"session:status","payload":\#(good)}"#),
        ])
        let empty = try TCPEchoServer { request in
            let body =
                request.hasPrefix("GET /api/sessions")
                ? "[]" : #"{"data":[],"count":0,"pagination":{"page":1,"limit":100,"total":0,"total_pages":1}}"#
            return Array(
                ("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n"
                    + "Connection: close\r\n\r\n\(body)").utf8)
        }
        let capture = LogCapture()
        let ws = try #require(URL(string: "http://127.0.0.1:\(socketServer.port)"))
        let socket = EventSocket(
            server: ServerConfig(name: "odd", url: ws), apiKey: nil, tls: nil, logger: capture.logger)
        let rest = try #require(URL(string: "http://127.0.0.1:\(empty.port)"))
        await socket.replaceREST(RESTClient(server: ServerConfig(name: "odd", url: rest), apiKey: nil, tls: nil))
        let recorder = EventRecorder.follow(socket)
        await socket.start()
        let arrived = await eventually {
            await recorder.messages.contains { if case .sessionStatus = $0 { true } else { false } }
        }
        #expect(arrived, "the event after the bad ones arrives")
        #expect(await recorder.skipped == ["session:status event (5eed0001): bad payload", "an event: not JSON"])
        #expect(capture.lines.filter { $0.contains("skipped a record it sent") }.count == 2, "once each")
        await socket.shutdown()
        await socketServer.stop()
    }
}
