// Pushed session facts (tmux control mode): a pane that dies and a permission prompt a pane
// draws reach subscribers without any sweep. These servers' safety sweep runs every 10 minutes
// (the sweep interval is the larger of 30 s and the poll interval), so within the 60 s these
// waits allow only a pushed event can deliver; the wait is long because under a CPU hog, on the
// PostgreSQL store, a kill took 10 s to reach the subscriber.
import Foundation
import Testing

@Suite("Pushed session events")
struct PushedEventsTests {
    /// A poll interval that keeps the safety sweep out of every test's time.
    static let noSweep = Duration.seconds(600)

    @Test func aKilledPaneIsReportedWithoutWaitingForTheSweep() async throws {
        try await TestServer.with(pollInterval: Self.noSweep) { s in
            let project = try await s.createProject()
            let id = try await s.startSession(project: project)
            let pane = try #require(try await s.request("GET", "/api/sessions/\(id)").json?["pane_id"]?.stringValue)
            try await withWS(s.wsURL) { ws in
                try await ws.send("session:subscribe", #"{"sessionId":"\#(id)"}"#)
                _ = try await ws.inbox.next("subscribed")
                try await s.tmux.killPane(pane)
                let status = try await ws.inbox.next("session:status", within: 60)
                #expect(status["payload"]?["newStatus"]?.stringValue == "completed")
            }
        }
    }

    @Test func aPromptDrawnByThePaneMakesItWaiting() async throws {
        try await TestServer.withSubscribedSession(pollInterval: Self.noSweep) { _, id, ws in
            try await ws.send("session:input", #"{"sessionId":"\#(id)","text":"echo 'Do you want to proceed?'"}"#)
            let waiting = try await ws.inbox.next("session:waiting", within: 60)
            #expect(waiting["payload"]?["waiting"]?.boolValue == true)
            #expect(waiting["payload"]?["detectedBy"]?.stringValue == "output_pattern")
        }
    }
}
