// Pushed session facts (tmux control mode): a pane that dies and a permission prompt a pane
// draws reach subscribers long before the 30 s safety sweep could have found them. The test
// server polls at 300 ms, so with pushed events on its sweep runs every 30 s: within the 10 s
// these waits allow, only a pushed event can deliver.
import Foundation
import Testing

@Suite("Pushed session events")
struct PushedEventsTests {
    @Test func aKilledPaneIsReportedWithoutWaitingForTheSweep() async throws {
        try await TestServer.with { s in
            let project = try await s.createProject()
            let id = try await s.startSession(project: project)
            let pane = try #require(try await s.request("GET", "/api/sessions/\(id)").json?["pane_id"]?.stringValue)
            try await withWS(s.wsURL) { ws in
                try await ws.send("session:subscribe", #"{"sessionId":"\#(id)"}"#)
                _ = try await ws.inbox.next("subscribed")
                try await s.tmux.killPane(pane)
                let status = try await ws.inbox.next("session:status", within: 10)
                #expect(status["payload"]?["newStatus"]?.stringValue == "completed")
            }
        }
    }

    @Test func aPromptDrawnByThePaneMakesItWaiting() async throws {
        try await TestServer.with { s in
            let project = try await s.createProject()
            let id = try await s.startSession(project: project)
            try await withWS(s.wsURL) { ws in
                try await ws.send("session:subscribe", #"{"sessionId":"\#(id)"}"#)
                _ = try await ws.inbox.next("subscribed")
                try await ws.send("session:input", #"{"sessionId":"\#(id)","text":"echo 'Do you want to proceed?'"}"#)
                let waiting = try await ws.inbox.next("session:waiting", within: 10)
                #expect(waiting["payload"]?["waiting"]?.boolValue == true)
                #expect(waiting["payload"]?["detectedBy"]?.stringValue == "output_pattern")
            }
        }
    }
}
