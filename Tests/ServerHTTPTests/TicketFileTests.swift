// Adhoc ticket retitling and image upload against a real server and repository on disk.
import Foundation
import Testing

@testable import ServerHTTP

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Ticket title and images")
struct TicketFileTests {
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data((0..<600).map { UInt8($0 % 251) })

    /// Creates an adhoc ticket; returns its id.
    static func adhoc(_ s: TestServer, _ project: String, title: String, slug: String) async throws -> String {
        let body = #"{"title":"\#(title)","slug":"\#(slug)"}"#
        let reply = try await s.request("POST", "/api/projects/\(project)/adhoc-tickets", body: body)
        return try #require(reply.json?["id"]?.stringValue)
    }

    /// POSTs a multipart body with one file part.
    static func upload(
        _ s: TestServer, _ ticket: String, _ data: Data, filename: String = "shot.png", field: String = "image",
        query: String = ""
    ) async throws -> (status: Int, json: AnyJSON?) {
        let boundary = "----cpm\(UUID().uuidString)"
        var body = Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"note\"\r\n\r\nhello\r\n".utf8)
        body += Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(field)\"; ".utf8)
        body += Data("filename=\"\(filename)\"\r\nContent-Type: image/png\r\n\r\n".utf8)
        body += data + Data("\r\n--\(boundary)--\r\n".utf8)
        var req = URLRequest(url: try #require(URL(string: "\(s.base)/api/tickets/\(ticket)/images\(query)")))
        req.httpMethod = "POST"
        req.httpBody = body
        req.setValue("multipart/form-data; boundary=\(boundary)", forHTTPHeaderField: "Content-Type")
        let (reply, response) = try await URLSession.shared.data(for: req)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, AnyJSON.parse(reply))
    }

    @Test func retitleRenamesFileAndHeading() async throws {
        try await TestServer.with { s in
            let project = try await s.createProject()
            let id = try await Self.adhoc(s, project, title: "First idea", slug: "first-idea")
            _ = try await s.request(
                "PUT", "/api/tickets/\(id)/content", body: ##"{"content":"# First idea\n\nkeep me\n"}"##)
            let reply = try await s.request(
                "PATCH", "/api/tickets/\(id)/title", body: #"{"title":"Renamed: Better idea!"}"#)
            #expect(reply.status == 200)
            let json = try #require(reply.json)
            #expect(
                json.keys == [
                    "id", "external_id", "title", "state", "file_path", "prefix", "is_adhoc", "is_explore",
                    "started_at",
                    "completed_at", "created_at", "updated_at", "project_id", "rejection_feedback",
                ])
            let path = "docs/jira-tickets/adhoc/renamed-better-idea.md"
            #expect(json["file_path"]?.stringValue == path)
            #expect(json["title"]?.stringValue == "Renamed: Better idea!")
            let text = try String(contentsOf: s.repo.appendingPathComponent(path), encoding: .utf8)
            #expect(text == "# Renamed: Better idea!\n\nkeep me\n")
            #expect(
                !FileManager.default.fileExists(
                    atPath: s.repo.appendingPathComponent("docs/jira-tickets/adhoc/first-idea.md").path))
            #expect(
                try await s.request("GET", "/api/tickets/\(id)").json?["title"]?.stringValue == "Renamed: Better idea!")
        }
    }

    @Test func retitleErrors() async throws {
        try await TestServer.with { s in
            try TicketTests.writeTickets(s)
            let project = try await s.createProject()
            let first = try await Self.adhoc(s, project, title: "First idea", slug: "first-idea")
            _ = try await Self.adhoc(s, project, title: "Other one", slug: "other-one")
            let taken = try await s.request("PATCH", "/api/tickets/\(first)/title", body: #"{"title":"Other  one"}"#)
            #expect(taken.status == 409)
            #expect(
                taken.json?["error"]?.stringValue
                    == "Adhoc ticket with slug 'other-one' already exists in project \(project)")
            let adhocDir = s.repo.appendingPathComponent("docs/jira-tickets/adhoc")
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: adhocDir.path).sorted() == [
                    "first-idea.md", "other-one.md",
                ])
            let short = try await s.request("PATCH", "/api/tickets/\(first)/title", body: #"{"title":"!!!"}"#)
            #expect(short.json?["error"]?.stringValue == "Title must generate a slug with at least 3 characters")
            let tiny = try await s.request("PATCH", "/api/tickets/\(first)/title", body: #"{"title":"ab"}"#)
            #expect(tiny.json?["details"]?["title"] != nil)
            let wrong = try await s.request("PATCH", "/api/tickets/\(first)/title", body: #"{"title":5}"#)
            #expect(wrong.json?["details"]?["title"]?[0]?.stringValue == "Expected string, received number")
            let list = try await s.request("GET", "/api/projects/\(project)/tickets?prefixes=CSM")
            let synced = try #require(list.json?["data"]?[0]?["id"]?.stringValue)
            let notAdhoc = try await s.request("PATCH", "/api/tickets/\(synced)/title", body: #"{"title":"New name"}"#)
            #expect(notAdhoc.status == 400)
            #expect(
                notAdhoc.json?["error"]?.stringValue
                    == "Cannot update title of non-adhoc tickets. Edit the markdown file directly.")
            let unknown = UUID().uuidString.lowercased()
            let missing = try await s.request("PATCH", "/api/tickets/\(unknown)/title", body: #"{"title":"New name"}"#)
            #expect(missing.json?["error"]?.stringValue == "Ticket not found: \(unknown)")
            let bad = try await s.request("PATCH", "/api/tickets/x/title", body: #"{"title":"New name"}"#)
            #expect(bad.json?["details"]?["id"]?[0]?.stringValue == "Invalid ticket ID format")
        }
    }

    @Test func imageUploadStoresAndAppends() async throws {
        try await TestServer.with { s in
            let project = try await s.createProject()
            let id = try await Self.adhoc(s, project, title: "Pretty bug", slug: "pretty-bug")
            let reply = try await Self.upload(
                s, id, Self.png, filename: "../../../etc/screen shot.png", query: "?autoAppend=true")
            #expect(reply.status == 200)
            let json = try #require(reply.json)
            #expect(json.keys == ["success", "filename", "path", "markdownRef"])
            #expect(json["success"]?.boolValue == true)
            let filename = try #require(json["filename"]?.stringValue)
            let path = try #require(json["path"]?.stringValue)
            #expect(!filename.contains("/") && filename.hasPrefix("screenshot-") && filename.hasSuffix(".png"))
            #expect(path == "docs/jira-tickets/adhoc/images/\(filename)")
            #expect(try Data(contentsOf: s.repo.appendingPathComponent(path)) == Self.png)
            let ref = try #require(json["markdownRef"]?.stringValue)
            #expect(ref == "![screenshot](images/\(filename))")
            let content = try await s.request("GET", "/api/tickets/\(id)/content").json?["content"]?.stringValue
            #expect(content?.hasSuffix("\n\(ref)\n") == true)
            let plain = try await Self.upload(s, id, Self.png)
            #expect(plain.status == 200)
            #expect(try await s.request("GET", "/api/tickets/\(id)/content").json?["content"]?.stringValue == content)
        }
    }

    @Test func imageUploadRejectsBadInput() async throws {
        try await TestServer.with { s in
            let project = try await s.createProject()
            let id = try await Self.adhoc(s, project, title: "Pretty bug", slug: "pretty-bug")
            let images = s.repo.appendingPathComponent("docs/jira-tickets/adhoc/images")
            let script = try await Self.upload(s, id, Data("<script>alert(1)</script>".utf8), filename: "x.png")
            #expect(script.status == 400)
            #expect(script.json?["error"]?.stringValue == "Only image files are allowed (png, jpeg, gif, webp)")
            var big = Self.png
            big.append(Data(count: 10 * 1024 * 1024))
            let tooBig = try await Self.upload(s, id, big)
            #expect(tooBig.status == 413)
            #expect(tooBig.json?["error"]?.stringValue == "Image too large (max 10 MB)")
            let noField = try await Self.upload(s, id, Self.png, field: "file")
            #expect(noField.status == 400)
            #expect(noField.json?["error"]?.stringValue == ServerHTTP.TicketFileRoutes.noImage)
            let json = try await s.request("POST", "/api/tickets/\(id)/images", body: #"{"image":"x"}"#)
            #expect(json.status == 400)
            #expect(!FileManager.default.fileExists(atPath: images.path))
            let unknown = try await Self.upload(s, UUID().uuidString.lowercased(), Self.png)
            #expect(unknown.status == 404)
            let outside = s.root.appendingPathComponent("outside")
            try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(at: images, withDestinationURL: outside)
            let escaped = try await Self.upload(s, id, Self.png)
            #expect(escaped.status == 400)
            #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
        }
    }
}
