// Routes match case-insensitively, as Express's do by default; path parameters keep the case they
// were sent in; the /api auth prefix and the /api/health exemption ignore case too.
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import ServerHTTP

@Suite("Route case")
struct RouteCaseTests {
    static let key = "k" + String(repeating: "0123456789", count: 4)

    @Test func mixedCasePathsReachTheSameHandlers() async throws {
        try await TestServer.with { s in
            let project = try await s.createProject()
            let lower = try await s.request("GET", "/api/sessions")
            let upper = try await s.request("GET", "/API/Sessions")
            #expect(lower.status == 200)
            #expect(upper.status == 200)
            #expect(upper.json == lower.json)
            let byId = try await s.request("GET", "/Api/Projects/\(project)")
            #expect(byId.status == 200)
            #expect(byId.json?["id"]?.stringValue == project)
            #expect(try await s.request("GET", "/API/HEALTH").status == 200)
            #expect(try await s.request("GET", "/API/nope").status == 404)
        }
    }

    @Test func parametersKeepTheirCase() async throws {
        // The server's router options, on a router whose handler echoes its parameter.
        let router = Router(context: BasicRequestContext.self, options: ClaudePMHTTPServer.routerOptions)
        router.get("/api/tickets/:id/content") { _, context in context.parameters.get("id") ?? "" }
        try await Application(router: router).test(.router) { client in
            try await client.execute(uri: "/API/Tickets/AbC-12/CONTENT", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == "AbC-12")
            }
        }
    }

    @Test func mixedCaseIdsFindTheirResource() async throws {
        try await TestServer.with { s in
            let project = try await s.createProject()
            let reply = try await s.request("GET", "/API/PROJECTS/\(project.uppercased())")
            #expect(reply.status == 200)
            #expect(reply.json?["id"]?.stringValue == project)
        }
    }

    @Test func authPrefixAndHealthExemptionIgnoreCase() async throws {
        try await TestServer.with(apiKey: Self.key, trustLoopback: false) { (s) async throws in
            #expect(try await s.request("GET", "/API/PROJECTS").status == 401)
            #expect(try await s.request("GET", "/Api/Sessions").status == 401)
            #expect(try await s.request("GET", "/API/Health").status == 200)
            #expect(try await s.request("GET", "/API/PROJECTS", headers: ["X-API-Key": Self.key]).status == 200)
        }
    }
}
