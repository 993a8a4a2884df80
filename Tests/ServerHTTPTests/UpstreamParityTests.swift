// Small parities with the upstream (Express) server that monitors and scripts meet: HEAD answers
// as its GET without a body (not 404), and an empty filter (`?project_id=`, `?status=`) filters
// nothing, as upstream's truthiness test, instead of failing validation.
import Foundation
import TestSupport
import Testing

@testable import ServerHTTP

@Suite("Upstream parity")
struct UpstreamParityTests {
    @Test(arguments: ["/api/health", "/api/sessions", "/api/projects", "/api/notifications"])
    func headAnswersAsGetWithoutABody(path: String) async throws {
        try await TestServer.with { s in
            let get = try await RawHTTP.exchange(port: s.port, "GET", path)
            let head = try await RawHTTP.exchange(port: s.port, "HEAD", path)
            #expect(get.status == 200)
            #expect(head.status == get.status, "HEAD \(path): \(head.status)")
            #expect(head.body.isEmpty, "HEAD \(path) sent a body: \(head.text)")
            #expect(head.header("Content-Type") == get.header("Content-Type"))
        }
    }

    @Test func headOfAnUnknownPathIsStillNotFound() async throws {
        try await TestServer.with { s in
            let reply = try await RawHTTP.exchange(port: s.port, "HEAD", "/api/nothing-here")
            #expect(reply.status == 404)
        }
    }

    @Test func anEmptyFilterListsEverything() async throws {
        try await TestServer.with { s in
            let project = try await s.createProject()
            let id = try await s.startSession(project: project)
            for query in ["?project_id=", "?status=", "?project_id=&status="] {
                let (status, json) = try await s.request("GET", "/api/sessions" + query)
                #expect(status == 200, "\(query): \(status) \(String(describing: json))")
                let ids = json?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
                #expect(ids.contains(id), "\(query) left out the session: \(ids)")
            }
            let (bad, _) = try await s.request("GET", "/api/sessions?project_id=not-a-uuid")
            #expect(bad == 400, "a value that is not a UUID still fails validation")
        }
    }
}
