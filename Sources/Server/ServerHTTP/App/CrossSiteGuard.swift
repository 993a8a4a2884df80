// Keeps web pages from acting through the server. Loopback callers need no API key (as upstream),
// and a browser lets any page send a POST to 127.0.0.1 without asking (a CORS "simple" request:
// text/plain or form bodies, no preflight) and open a WebSocket there; a DNS-rebound name that
// resolves to 127.0.0.1 looks like the same site to the page. Browsers name the page's origin in
// `Origin` on every such request, so a request whose Origin is outside upstream's CORS list is
// refused when it could change something: POST, PUT, PATCH and DELETE (403, here) and WebSocket
// upgrades (WSEndpoint), whoever the peer is and whatever key it presents. Requests without
// Origin (curl, Claude Code hooks, native apps) or with a WebSocket client's `ws://`/`wss://` one,
// and reads (GET, HEAD, OPTIONS: a foreign page cannot read their answers, it gets no
// Access-Control-Allow-Origin) pass.
import HTTPTypes
import Hummingbird

/// The pure rule: which requests carry a foreign origin that must be refused.
enum CrossSiteRule {
    /// Methods that change state.
    static let changingMethods: Set<HTTPRequest.Method> = [.post, .put, .patch, .delete]

    /// The foreign origin that refuses a `method` request (`upgrade`: a WebSocket handshake), or
    /// nil when it may proceed.
    static func refusedOrigin(method: HTTPRequest.Method, origin: String?, upgrade: Bool = false) -> String? {
        guard let origin, upgrade || changingMethods.contains(method), isPage(origin) else { return nil }
        return CORSOrigins.isAllowed(origin) ? nil : origin
    }

    /// True for an origin a web page can have: any but `ws://…` and `wss://…`, which no browser
    /// sends and WebSocket client libraries write from the URL they dial (swift-websocket's
    /// client, which claudepm uses, sends `ws://127.0.0.1` to a loopback server).
    static func isPage(_ origin: String) -> Bool {
        let lowered = origin.lowercased()
        return !lowered.hasPrefix("ws://") && !lowered.hasPrefix("wss://")
    }

    /// The refusal's words, with the origin cut to 200 characters.
    static func reason(_ origin: String) -> String {
        "Cross-site request refused: origin \(origin.prefix(200)) is not allowed"
    }
}

/// Answers 403 to a state-changing request from a foreign origin, before auth and routing.
struct CrossSiteGuard: RouterMiddleware {
    typealias Context = ServerRequestContext

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    )
        async throws -> Response
    {
        guard let origin = CrossSiteRule.refusedOrigin(method: request.method, origin: request.headers[.origin])
        else { return try await next(request, context) }
        PeerLog(logger: context.logger, peer: context.remoteAddress, path: request.uri.path)
            .crossSite(request.method.rawValue, origin: origin)
        return HTTPResponses.error("Forbidden", detail: CrossSiteRule.reason(origin), status: .forbidden)
    }
}
