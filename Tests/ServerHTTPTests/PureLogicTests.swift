// Pure pieces of the server: the fixed-window rate limiter, UTF-8 reassembly of PTY chunks,
// ticket prefixes and file-name parsing, and the wire JSON encoder.
import Foundation
import Testing

@testable import ServerCore
@testable import ServerHTTP

@Suite("Pure logic")
struct PureLogicTests {
    @Test func rateLimiterFixedWindow() {
        let start = ContinuousClock.now
        var limiter = RateLimiter(limit: 3, window: .seconds(10), start: start)
        let allowed = (0..<5).map { _ in limiter.allow(at: start + .seconds(1)) }
        #expect(allowed == [true, true, true, false, false])
        #expect(limiter.allow(at: start + .seconds(10)) == false)
        #expect(limiter.allow(at: start + .milliseconds(10_001)) == true)
    }

    @Test func utf8ChunkerKeepsSplitCharacters() {
        var chunker = UTF8Chunker()
        let bytes = Array("a漢😀b".utf8)
        var text = ""
        for byte in bytes { text += chunker.text([byte]) }
        #expect(text == "a漢😀b")
    }

    @Test func ticketPrefixAndExternalId() {
        let now = Date()
        var t = TicketRecord(
            id: "x", projectId: "p", externalId: "CSM-001", title: "t", state: "backlog", filePath: "f",
            isAdhoc: false, isExplore: false, rejectionFeedback: nil, startedAt: nil, completedAt: nil,
            createdAt: now, updatedAt: now)
        #expect(t.prefix == "CSM")
        t.externalId = "lower-1"
        #expect(t.prefix == "ADHOC")
        t.externalId = nil
        #expect(t.prefix == "ADHOC")
    }

    @Test func isoTimesHaveMilliseconds() {
        #expect(ISOTime.string(Date(timeIntervalSince1970: 1.5)) == "1970-01-01T00:00:01.500Z")
    }
}
