// Extension `?output=none`: an event socket whose tiles are pane streams asks for no
// `session:output`, which claudepm-server then neither encodes for it nor sends (not even the
// buffered lines after `subscribed`); a socket that does not ask (the upstream apps) gets them as
// upstream sends them. The upstream stand-in ignores the parameter (PaneStreamSupportTests).
import Foundation
import ServerCore
import TestSupport
import Testing

@testable import ServerHTTP

@Suite("Session output opt-out")
struct SessionOutputOptOutTests {
    static func outputs(_ ws: WSTestConnection) -> Int {
        ws.inbox.all.filter { $0["type"]?.stringValue == "session:output" }.count
    }

    @Test func aSocketThatAsksForNoOutputGetsNoneWhileAnotherStillDoes() async throws {
        try await TestServer.with(pollInterval: .milliseconds(300)) { s in
            let id = try await NotificationHookTests.sessionWithOutput(s)
            try await withWS(s.wsURL) { plain in
                try await withWS(s.wsURL + "?output=none") { quiet in
                    for ws in [plain, quiet] {
                        try await ws.send("session:subscribe", #"{"sessionId":"\#(id)"}"#)
                        _ = try await ws.inbox.next("subscribed")
                    }
                    _ = try await s.request(
                        "POST", "/api/sessions/\(id)/input",
                        body: #"{"input":"printf 'Do you want to %s?\\n' proceed"}"#)
                    _ = try await quiet.inbox.next("session:waiting", within: 30)
                    // The prompt's capture reaches the plain socket (at the poll's pace)...
                    let published = await eventually(within: 30) {
                        plain.inbox.all.contains {
                            $0["type"]?.stringValue == "session:output"
                                && "\($0["payload"]?["lines"] ?? .null)".contains("Do you want to proceed")
                        }
                    }
                    #expect(published, "the plain socket got no session:output of the prompt")
                    // ...and an event routed after it, the end of the wait, reaches both: each
                    // socket's events keep the order they were routed in.
                    let submit = #"{"hook_event_name":"UserPromptSubmit","prompt":"go","claudepm_session_id":"\#(id)"}"#
                    _ = try await s.request("POST", "/api/hooks/claude", body: submit)
                    let ended = try await quiet.inbox.next("session:waiting", within: 30)
                    #expect(ended["payload"]?["waiting"]?.boolValue == false)
                    #expect(Self.outputs(quiet) == 0, "the socket that asked for none got \(Self.outputs(quiet))")
                }
            }
        }
    }
}
