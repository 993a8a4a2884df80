// The journal extension's answers where nothing can be shown: an unknown session is a 404, a
// missing or bad `at` a 400, a search without a text or with one too long a 400, and a server keeping no journal says `enabled: false` with empty
// lists (a search finds nothing), and 404 for a screen or a recording. (With a journal, the answers are checked end to end
// by JournalEndToEndTests and JournalSurvivalEndToEndTests.)
import Foundation
import Testing

@Suite struct JournalRouteTests {
    @Test func answersWhereNothingCanBeShown() async throws {
        try await TestServer.with { s in
            let project = try await s.createProject()
            let id = try await s.startSession(project: project)
            let unknown = UUID().uuidString.lowercased()
            #expect(try await s.request("GET", "/api/sessions/\(unknown)/journal").status == 404)
            #expect(try await s.request("GET", "/api/sessions/not-a-uuid/journal").status == 400)
            let (status, json) = try await s.request("GET", "/api/sessions/\(id)/journal")
            #expect(status == 200)
            #expect(json?["session_id"]?.stringValue == id)
            #expect(json?["enabled"]?.boolValue == false)
            #expect(json?["marks"]?.arrayValue?.isEmpty == true && json?["activity"]?.arrayValue?.isEmpty == true)
            #expect(try await s.request("GET", "/api/sessions/\(id)/journal/screen").status == 400)
            #expect(try await s.request("GET", "/api/sessions/\(id)/journal/screen?at=soon").status == 400)
            #expect(try await s.request("GET", "/api/sessions/\(id)/journal/screen?at=1").status == 404)
            #expect(try await s.request("GET", "/api/sessions/\(id)/journal.cast").status == 404)
            #expect(try await s.request("GET", "/api/sessions/\(id)/journal.cast?from=x").status == 400)
            #expect(try await s.request("GET", "/api/sessions/\(id)/journal/search").status == 400)
            #expect(try await s.request("GET", "/api/sessions/\(id)/journal/search?q=").status == 400)
            let long = String(repeating: "x", count: 257)
            #expect(try await s.request("GET", "/api/sessions/\(id)/journal/search?q=\(long)").status == 400)
            let (found, hits) = try await s.request("GET", "/api/sessions/\(id)/journal/search?q=a%20b")
            #expect(found == 200 && hits?["query"]?.stringValue == "a b")
            #expect(hits?["hits"]?.arrayValue?.isEmpty == true && hits?["truncated"]?.boolValue == false)
        }
    }
}
