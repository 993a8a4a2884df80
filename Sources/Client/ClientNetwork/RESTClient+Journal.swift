// claudepm's journal extension (docs/compatibility.md): a session's recorded output, its screen at
// a moment, and the recording as asciicast v2. An upstream server has no such routes and answers
// 404, which the caller reports as "this server keeps no journal".

import ClaudePMProtocol
import Foundation
import NIOCore

extension RESTClient {
    /// `GET /api/sessions/:id/journal`, limited to `from`…`to` (ms since the epoch) when given.
    public func journal(
        session id: String, fromMs: Int64? = nil, toMs: Int64? = nil
    ) async throws(ClientNetworkError)
        -> JournalSummary
    {
        try await decode(
            JournalSummary.self, "GET", "/api/sessions/\(id)/journal", query: Self.range(fromMs, toMs),
            resource: "journal of session \(id.prefix(8))")
    }

    /// `GET /api/sessions/:id/journal/screen?at=MS`: the screen as it stood at `atMs`.
    public func journalScreen(session id: String, atMs: Int64) async throws(ClientNetworkError) -> JournalScreen {
        try await decode(
            JournalScreen.self, "GET", "/api/sessions/\(id)/journal/screen", query: [("at", String(atMs))],
            resource: "screen of session \(id.prefix(8)) at \(atMs)")
    }

    /// `GET /api/sessions/:id/journal/search?q=TEXT`: the moments `query` came on the session's
    /// screen.
    public func journalSearch(session id: String, query: String) async throws(ClientNetworkError) -> JournalSearch {
        try await decode(
            JournalSearch.self, "GET", "/api/sessions/\(id)/journal/search", query: [("q", query)],
            resource: "search of session \(id.prefix(8))'s journal")
    }

    /// `GET /api/sessions/:id/journal.cast`: the recording as asciicast v2, handed to `write` as
    /// it arrives (a long recording is never held whole). `timeout` bounds the whole download.
    /// Returns the bytes written.
    public func journalCast(
        session id: String, fromMs: Int64? = nil, toMs: Int64? = nil, timeout: Duration = .seconds(600),
        write: (UnsafeRawBufferPointer) -> Void
    ) async throws(ClientNetworkError) -> Int {
        let path = "/api/sessions/\(id)/journal.cast"
        let request = try makeRequest("GET", path, query: Self.range(fromMs, toMs), body: nil)
        var written = 0
        do {
            let answer = try await http.execute(request, timeout: .nanoseconds(timeout.nanosecondsClamped))
            guard (200..<300).contains(Int(answer.status.code)) else {
                let body = try await answer.body.collect(upTo: 1 << 20)
                let response = Response(status: Int(answer.status.code), body: Data(body.readableBytesView))
                throw statusError(response, resource: "recording of session \(id.prefix(8))")
            }
            for try await chunk in answer.body {
                chunk.withUnsafeReadableBytes { write($0) }
                written += chunk.readableBytes
            }
        } catch let error as ClientNetworkError {
            throw error
        } catch {
            if TLSDiagnosis.isTLS(error) {
                throw await TLSDiagnosis.explain(server, trusted: tls?.trustedFingerprint, detail: "\(error)")
            }
            throw classify(error, operation: "GET \(path)")
        }
        return written
    }

    private static func range(_ fromMs: Int64?, _ toMs: Int64?) -> [(String, String)] {
        var query: [(String, String)] = []
        if let fromMs { query.append(("from", String(fromMs))) }
        if let toMs { query.append(("to", String(toMs))) }
        return query
    }
}
