// Express-style weak ETags: the exact tag form (checked against known SHA-1 and `etag` package
// values), the `fresh` rule, and 304 Not Modified without a body on a matching conditional GET.
import Foundation
import Testing

@testable import ServerHTTP

@Suite("ETag")
struct ETagTests {
    @Test func sha1KnownVectors() {
        func hex(_ s: String) -> String { SHA1.digest(Array(s.utf8)).map { String(format: "%02x", $0) }.joined() }
        #expect(hex("") == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
        #expect(hex("abc") == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(
            hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
                == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
        #expect(hex(String(repeating: "a", count: 1000)) == "291e9a6c66994949b57ba5e650361e98fc36b1ba")
    }

    @Test func tagHasExpressForm() {
        // The `etag` package's value for an empty entity, made weak.
        #expect(WeakETag.tag(for: [UInt8]()) == #"W/"0-2jmj7l5rSw0yVb/vlWAYkK/YBwk""#)
        // Express 4.18's ETag for `res.json({status: "ok"})` (15 bytes → "f").
        #expect(WeakETag.tag(for: Array(#"{"status":"ok"}"#.utf8)) == #"W/"f-VaSQ4oDUiZblZNAEkkN+sX+q3Sg""#)
    }

    @Test func freshnessFollowsTheFreshPackage() {
        let tag = #"W/"f-abc""#
        func fresh(_ inm: String?, ims: String? = nil, cc: String? = nil) -> Bool {
            WeakETag.isFresh(ifNoneMatch: inm, ifModifiedSince: ims, cacheControl: cc, etag: tag)
        }
        #expect(!fresh(nil))
        #expect(fresh(tag))
        #expect(fresh(#""f-abc""#))
        #expect(fresh(#""x", W/"f-abc""#))
        #expect(fresh("*"))
        #expect(!fresh(#"W/"other""#))
        #expect(!fresh(tag, cc: "max-age=0, no-cache"))
        #expect(fresh(tag, cc: "max-age=0"))
        #expect(!fresh(tag, ims: "Thu, 01 Jan 2026 00:00:00 GMT"))
    }

    @Test func conditionalGetAnswers304WithoutBody() async throws {
        try await TestServer.with { s in
            _ = try await s.createProject()
            let first = try await RawHTTP.exchange(port: s.port, "GET", "/api/projects")
            #expect(first.status == 200)
            let etag = try #require(first.header("ETag"))
            #expect(etag == WeakETag.tag(for: first.body))
            #expect(etag.hasPrefix(#"W/"\#(String(first.body.count, radix: 16))-"#))
            let again = try await RawHTTP.exchange(
                port: s.port, "GET", "/api/projects", headers: [("If-None-Match", etag)])
            #expect(again.status == 304)
            #expect(again.body.isEmpty)
            #expect(again.header("ETag") == etag)
            #expect(again.header("Content-Type") == nil)
            #expect(again.header("Content-Length") == nil)
            let stale = try await RawHTTP.exchange(
                port: s.port, "GET", "/api/projects", headers: [("If-None-Match", #"W/"1-nope""#)])
            #expect(stale.status == 200)
            #expect(stale.body == first.body)
        }
    }

    @Test func onlySuccessfulGetsBecome304() async throws {
        try await TestServer.with { s in
            let missing = try await RawHTTP.exchange(port: s.port, "GET", "/api/nope")
            #expect(missing.status == 404)
            let tag = try #require(missing.header("ETag"), "Express tags error bodies too")
            let again = try await RawHTTP.exchange(port: s.port, "GET", "/api/nope", headers: [("If-None-Match", tag)])
            #expect(again.status == 404)
            #expect(!again.body.isEmpty)
            let post = try await RawHTTP.exchange(
                port: s.port, "POST", "/api/projects", headers: [("If-None-Match", "*")], body: #"{"name":"x"}"#)
            #expect(post.status == 400)
            #expect(post.header("ETag") != nil)
        }
    }

    @Test func unauthorizedBodyHasExpressTag() async throws {
        try await TestServer.with(apiKey: CORSTests.key, trustLoopback: false) { s in
            let denied = try await RawHTTP.exchange(port: s.port, "GET", "/api/projects")
            #expect(denied.status == 401)
            // Express 4.18's tag for upstream's 401 body, byte for byte the same body here.
            #expect(denied.header("ETag") == #"W/"3f-w+U9xT6KqR6D2Q3HNvB4FdmnenE""#)
        }
    }
}
