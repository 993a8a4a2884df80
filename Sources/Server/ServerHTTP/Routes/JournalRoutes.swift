// claudepm's journal extension (docs/compatibility.md; the upstream server has none, so its
// clients never ask): a session's recorded output — what it holds (`GET …/journal`), its screen
// at a moment (`GET …/journal/screen?at=MS`), the moments a text came on its screen
// (`GET …/journal/search?q=TEXT`) and the recording as asciicast v2
// (`GET …/journal.cast?from=MS&to=MS`). Times are milliseconds since the epoch.
import ClaudePMProtocol
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import ServerCore

struct JournalRoutes {
    let services: ServerServices

    func register(on router: Router<ServerRequestContext>) {
        router.get("/api/sessions/:id/journal") { request, context in
            let (id, pane, streams) = try await session(context)
            let (from, to) = try Self.range(request)
            let contents = await streams?.journalContents(pane: pane)
            let inRange = { (us: Int64) in
                (from.map { us >= $0 * 1000 } ?? true) && (to.map { us <= $0 * 1000 } ?? true)
            }
            let summary = JournalSummary(
                sessionId: id, fromMs: contents?.firstUs.map { $0 / 1000 }, toMs: contents?.lastUs.map { $0 / 1000 },
                bytes: contents?.bytes ?? 0,
                marks: (contents?.marks ?? []).filter { inRange($0.us) }.map {
                    JournalMark(atMs: $0.us / 1000, kind: $0.kind, text: $0.text)
                },
                activity: (contents?.bursts ?? []).filter { inRange($0.toUs) }.map {
                    JournalActivity(fromMs: $0.fromUs / 1000, toMs: $0.toUs / 1000, bytes: $0.bytes)
                }, enabled: streams?.keepsJournals == true ? nil : false)
            return try HTTPResponses.encoded(summary)
        }
        router.get("/api/sessions/:id/journal/screen") { request, context in
            let (_, pane, streams) = try await session(context)
            guard let raw = request.uri.queryParameters["at"].map(String.init), let at = Int64(raw), at >= 0 else {
                throw ServerError.badRequest("at: milliseconds since the epoch")
            }
            // Up to the end of the millisecond asked for.
            guard let image = await streams?.journalScreen(pane: pane, at: at * 1000 + 999) else {
                throw ServerError.notFound("Nothing recorded at or before \(at)")
            }
            let screen = JournalScreen(
                atMs: image.us / 1000, rows: image.rows, cols: image.cols,
                data: String(decoding: image.bytes, as: UTF8.self))
            return try HTTPResponses.encoded(screen)
        }
        router.get("/api/sessions/:id/journal/search") { request, context in
            let (_, pane, streams) = try await session(context)
            let query = request.uri.queryParameters["q"].map(String.init) ?? ""
            guard !query.isEmpty, query.utf8.count <= Self.maxQueryBytes else {
                throw ServerError.badRequest("q: the text to search for, 1 to \(Self.maxQueryBytes) bytes")
            }
            let found = await streams?.journalSearch(pane: pane, query: query, limit: Self.maxHits)
            let hits = (found?.hits ?? []).map {
                JournalHit(atMs: $0.us / 1000, row: $0.row, col: $0.col, line: $0.line)
            }
            return try HTTPResponses.encoded(
                JournalSearch(query: query, hits: hits, truncated: found?.truncated ?? false))
        }
        router.get("/api/sessions/:id/journal.cast") { request, context in
            let (_, pane, streams) = try await session(context)
            let (from, to) = try Self.range(request)
            let cast = await streams?.scanning { streams -> AsciicastWriter? in
                var cast = AsciicastWriter()
                let kept = streams.journalReplay(
                    pane: pane, from: from.map { $0 * 1000 }, to: to.map { $0 * 1000 + 999 },
                    start: { cast.start($0) },
                    events: { us, event in cast.add(event, at: us) })
                return kept && cast.started ? cast : nil
            }
            guard let cast = cast ?? nil else { throw ServerError.notFound("Nothing recorded for this session") }
            var headers = HTTPFields()
            headers[.contentType] = "application/x-asciicast"
            return Response(
                status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: cast.bytes)))
        }
    }

    /// The longest text a search takes, and the most hits it answers (the newest).
    static let maxQueryBytes = 256
    static let maxHits = 500

    /// The session's pane and the pane streams (nil when the server has none); 404 for an
    /// unknown session.
    private func session(_ context: ServerRequestContext) async throws -> (String, String, PaneStreams?) {
        let id = try IDCheck.param(context, message: SessionRoutes.badId)
        let record = try await SessionQueries(store: services.store).record(id)
        return (id, record.paneId, services.panes.paneStreams)
    }

    private static func range(_ request: Request) throws -> (Int64?, Int64?) {
        func time(_ name: String) throws -> Int64? {
            guard let raw = request.uri.queryParameters[Substring(name)], !raw.isEmpty else { return nil }
            guard let value = Int64(raw), value >= 0 else {
                throw ServerError.badRequest("\(name): milliseconds since the epoch")
            }
            return value
        }
        return (try time("from"), try time("to"))
    }
}
