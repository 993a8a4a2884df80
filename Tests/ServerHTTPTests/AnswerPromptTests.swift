// claudepm's `prompt` and `waiting_since` on `/keys` and `/input`: an answer names the prompt it
// answers, the first request is typed and a repeat is refused with 409 and types nothing; an
// answer naming the time of its wait, to a session that no longer waits or that waits for a
// prompt newer than the one named, is refused with 410 and types nothing (an upstream client that sends no `prompt` sees
// upstream's behaviour: every request is typed). Each answer is one log line, typed or refused,
// without the text. Waits are set on the supervisor itself, so no output of the shell can end one
// while a test runs.
import ClaudePMProtocol
import Foundation
import TestSupport
import Testing

@Suite struct AnswerPromptTests {
    @Test func aRepeatedPromptIsRefusedAndTypesNothing() async throws {
        let capture = LogCapture()
        try await TestServer.with(logger: capture.logger) { s in
            let project = try await s.createProject()
            let id = try await s.startSession(project: project)
            let file = s.repo.appendingPathComponent("answers-\(UInt32.random(in: 0...UInt32.max))").path
            let input = { (line: String, prompt: String?) in
                let field = prompt.map { #","prompt":"\#($0)""# } ?? ""
                return #"{"input":"echo \#(line) >> \#(file)"\#(field)}"#
            }
            let first = input("answered", "\(id)@1000")
            #expect(try await s.request("POST", "/api/sessions/\(id)/input", body: first).status == 200)
            let repeated = try await s.request("POST", "/api/sessions/\(id)/input", body: first)
            #expect(repeated.status == 409)
            #expect(
                repeated.json?["error"]?.stringValue == "Prompt \(id)@1000 was already answered; nothing was sent")
            let keys = #"{"keys":"Enter","prompt":"\#(id)@1000"}"#
            #expect(try await s.request("POST", "/api/sessions/\(id)/keys", body: keys).status == 409)
            #expect(
                try await s.request("POST", "/api/sessions/\(id)/input", body: input("next", "\(id)@2000")).status
                    == 200)
            let plain = input("plain", nil)
            #expect(try await s.request("POST", "/api/sessions/\(id)/input", body: plain).status == 200)
            #expect(try await s.request("POST", "/api/sessions/\(id)/input", body: plain).status == 200)
            let lines = { ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").split(separator: "\n") }
            #expect(await eventually { lines().count == 4 }, "\(lines())")
            #expect(lines() == ["answered", "next", "plain", "plain"], "the repeats typed nothing; plain requests all")
            let log = capture.lines
            let typed = log.filter { $0.hasPrefix("info answer typed ") }
            #expect(typed.count == 2 && typed.allSatisfy { $0.contains("session=\(id)") }, "\(log)")
            #expect(typed.first?.contains("prompt=\(id)@1000") == true)
            let refused = log.filter { $0.hasPrefix("info answer refused: the prompt was already answered ") }
            #expect(refused.count == 2, "\(log)")
            #expect(!log.contains { $0.contains("echo answered") }, "no log line holds the typed text")
        }
    }

    @Test func aPromptIdIsAStringOf1To200Characters() async throws {
        try await TestServer.with { s in
            let project = try await s.createProject()
            let id = try await s.startSession(project: project)
            let long = String(repeating: "p", count: 201)
            let tooLong = try await s.request(
                "POST", "/api/sessions/\(id)/keys", body: #"{"keys":"Enter","prompt":"\#(long)"}"#)
            #expect(tooLong.status == 400)
            let empty = try await s.request("POST", "/api/sessions/\(id)/keys", body: #"{"keys":"Enter","prompt":""}"#)
            #expect(empty.status == 400)
            let number = try await s.request("POST", "/api/sessions/\(id)/keys", body: #"{"keys":"Enter","prompt":7}"#)
            #expect(number.json?["details"]?["prompt"]?[0]?.stringValue == "Expected string, received number")
        }
    }

    @Test func anAnswerIsTypedOnlyIntoTheWaitItNames() async throws {
        let capture = LogCapture()
        try await TestServer.with(logger: capture.logger) { s in
            let project = try await s.createProject()
            let id = try await s.startSession(project: project)
            try await withWS(s.wsURL) { ws in
                try await ws.send("session:subscribe", #"{"sessionId":"\#(id)"}"#)
                _ = try await ws.inbox.next("subscribed")
                let file = s.repo.appendingPathComponent("late-\(UInt32.random(in: 0...UInt32.max))").path
                let answer = { (line: String, prompt: String, since: String?) in
                    let field = since.map { #","waiting_since":"\#($0)""# } ?? ""
                    return #"{"input":"echo \#(line) >> \#(file)","prompt":"\#(prompt)"\#(field)}"#
                }
                let post = { (body: String) in try await s.request("POST", "/api/sessions/\(id)/input", body: body) }
                let notWaiting = try await post(answer("idle", "\(id)@1", ISOTimestamp.format(Date())))
                #expect(notWaiting.status == 410)
                #expect(
                    notWaiting.json?["error"]?.stringValue == "Prompt \(id)@1 is no longer waiting; nothing was sent")
                let sessions = s.services.sessions
                await sessions.setWaiting(id, waiting: true, reason: "permission_prompt", detectedBy: "hook")
                let first = try #require(
                    try await ws.inbox.next("session:waiting")["payload"]?["timestamp"]?.stringValue)
                await sessions.setWaiting(id, waiting: false, reason: "stopped", detectedBy: "hook")
                _ = try await ws.inbox.next("session:waiting")
                while ISOTimestamp.format(Date()) <= first { await Task.yield() }  // a later millisecond
                await sessions.setWaiting(id, waiting: true, reason: "permission_prompt", detectedBy: "hook")
                let second = try #require(
                    try await ws.inbox.next("session:waiting")["payload"]?["timestamp"]?.stringValue)
                #expect(first != second)
                let late = try await post(answer("late", "\(id)@2", first))
                #expect(late.status == 410, "an answer to the first wait is not typed into the second")
                let retried = try await post(answer("current", "\(id)@2", second))
                #expect(retried.status == 200, "a refused prompt id is not spent")
                #expect(try await post(answer("unknown", "\(id)@3", nil)).status == 200, "no time: no check")
                let bad = try await post(answer("bad", "\(id)@4", "yesterday"))
                #expect(bad.status == 400)
                #expect(bad.json?["details"]?["waiting_since"]?[0]?.stringValue == "Invalid datetime")
                let lines = { ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").split(separator: "\n") }
                #expect(await eventually { lines().count == 2 }, "\(lines())")
                #expect(lines() == ["current", "unknown"], "only answers to the current wait were typed")
                let refused = capture.lines.filter {
                    $0.hasPrefix("info answer refused: the prompt is no longer waiting ")
                }
                #expect(refused.count == 2, "\(capture.lines)")
            }
        }
    }
}
