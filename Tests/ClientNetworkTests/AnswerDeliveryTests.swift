// Answers to prompts against a real claudepm-server and tmux: an answer is typed once per
// prompt (a repeat naming the same prompt is refused with 409 and types nothing, so a client
// unsure whether its answer arrived may send it again), and a failure says whether anything can
// have been typed: a server that is not there typed nothing, a link that swallows the request
// leaves the answer in doubt.

import ClientCore
import ClientNetwork
import Foundation
import TestSupport
import Testing

@Suite struct AnswerDeliveryTests {
    /// An answer typed into the fixture's shell: a line appended to `file`.
    static func answer(appendingTo file: String, prompt: String, session: String) -> PromptAnswer {
        PromptAnswer(
            prompt: PromptID(session: SessionKey(server: "lab", sessionId: session), since: Date()),
            choice: .text("echo \(prompt) >> \(file)"), target: "lab: question")
    }

    static func lines(_ file: String) -> [String] {
        ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    @Test func anAnswerIsTypedOncePerPrompt() async throws {
        let fixture = try await ServerFixture.make()
        let file = fixture.server.directory + "/answers-\(UInt32.random(in: 0...UInt32.max))"
        let first = Self.answer(appendingTo: file, prompt: "first", session: fixture.sessionId)
        try await fixture.rest.send(first)
        #expect(await eventually { Self.lines(file) == ["first"] }, "the answer was not typed")
        do {
            try await fixture.rest.send(first)
            Issue.record("a repeat of the same prompt was accepted")
        } catch {
            #expect(error.answerOutcome == .duplicate, "\(error)")
        }
        var second = Self.answer(appendingTo: file, prompt: "second", session: fixture.sessionId)
        second.prompt.since = first.prompt.since.addingTimeInterval(5)
        try await fixture.rest.send(second)
        #expect(await eventually { Self.lines(file).last == "second" }, "a new prompt is answered")
        #expect(Self.lines(file) == ["first", "second"], "the repeat typed nothing")
    }

    @Test func anAnswerToAServerThatIsNotThereWasNotSent() async throws {
        let url = try #require(URL(string: "http://127.0.0.1:\(try FreePort.closed())"))
        let rest = RESTClient(server: ServerConfig(name: "gone", url: url), apiKey: nil, tls: nil)
        let answer = Self.answer(appendingTo: "/nonexistent", prompt: "x", session: UUID().uuidString.lowercased())
        do {
            try await rest.send(answer)
            Issue.record("sent to nothing")
        } catch {
            guard case .refused = error.answerOutcome else {
                Issue.record("not reported as not sent: \(error.answerOutcome)")
                return
            }
        }
    }

    @Test func anAnswerWhoseReplyNeverComesIsInDoubt() async throws {
        let fixture = try await ServerFixture.make()
        let proxy = try StallProxy(targetPort: fixture.server.port)
        defer { proxy.stop() }
        proxy.stall()
        let url = try #require(URL(string: "http://127.0.0.1:\(proxy.port)"))
        var rest = RESTClient(server: ServerConfig(name: "lab", url: url), apiKey: nil, tls: nil)
        rest.timeout = .seconds(1)
        let file = fixture.server.directory + "/doubt-\(UInt32.random(in: 0...UInt32.max))"
        do {
            try await rest.send(Self.answer(appendingTo: file, prompt: "lost", session: fixture.sessionId))
            Issue.record("a stalled link confirmed the answer")
        } catch {
            guard case .inDoubt = error.answerOutcome else {
                Issue.record("not reported as in doubt: \(error.answerOutcome)")
                return
            }
        }
    }
}
