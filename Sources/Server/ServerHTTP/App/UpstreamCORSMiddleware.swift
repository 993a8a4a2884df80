// CORS exactly as the upstream server sends it (the Node `cors` package with an origin list and
// `credentials: true`). Hummingbird's CORSMiddleware cannot express it: upstream also allows any
// `http://localhost:<port>` (a pattern), reflects Access-Control-Request-Headers, lists its own
// methods, and adds `Vary: Origin` and `Access-Control-Allow-Credentials: true` to every answer,
// with or without an Origin header.
//
// - Every OPTIONS request is a preflight: 204, no body, never authenticated or routed.
// - An allowed origin is echoed in Access-Control-Allow-Origin; any other origin gets none.
import HTTPTypes
import Hummingbird

/// The origins upstream's CORS list allows (CrossSiteGuard refuses state changes from any other).
enum CORSOrigins {
    /// Upstream's fixed origins (the Tauri dev server, the Tauri app); any `http://localhost:<port>`
    /// is allowed as well.
    static var fixed: [String] { ["http://localhost:1420", "http://127.0.0.1:1420", "tauri://localhost"] }

    /// True for an origin the upstream server allows.
    static func isAllowed(_ origin: String) -> Bool {
        if fixed.contains(origin) { return true }
        let prefix = "http://localhost:"
        guard origin.hasPrefix(prefix) else { return false }
        let port = origin.utf8.dropFirst(prefix.utf8.count)
        return !port.isEmpty && port.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }
}

struct UpstreamCORSMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The `cors` package's default method list, as it writes it.
    static var allowedMethods: String { "GET,HEAD,PUT,PATCH,POST,DELETE" }

    /// True for an origin the upstream server allows.
    static func isAllowed(_ origin: String) -> Bool { CORSOrigins.isAllowed(origin) }

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var headers = HTTPFields()
        if let origin = request.headers[.origin], Self.isAllowed(origin) {
            headers[.accessControlAllowOrigin] = origin
        }
        headers[.accessControlAllowCredentials] = "true"
        guard request.method == .options else {
            var response = try await next(request, context)
            response.headers.append(contentsOf: headers)
            response.headers[values: .vary].append("Origin")
            return response
        }
        headers[.accessControlAllowMethods] = Self.allowedMethods
        let requested = request.headers[values: .accessControlRequestHeaders].joined(separator: ", ")
        if !requested.isEmpty { headers[.accessControlAllowHeaders] = requested }
        headers[.vary] = "Origin, Access-Control-Request-Headers"
        return Response(status: .noContent, headers: headers, body: ResponseBody())
    }
}
