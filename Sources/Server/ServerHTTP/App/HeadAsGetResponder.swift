// HEAD answered as upstream's Express answers it: the request is routed as its GET, and the
// status and headers go back without the body. A monitor that probes with HEAD sees the server
// as it is, not a 404. It wraps the router (routes are chosen by method before any middleware).
import HTTPTypes
import Hummingbird

/// Runs a HEAD request as its GET through `inner` and drops the body.
struct HeadAsGetResponder<Inner: HTTPResponder>: HTTPResponder {
    let inner: Inner

    func respond(to request: Request, context: Inner.Context) async throws -> Response {
        guard request.method == .head else { return try await inner.respond(to: request, context: context) }
        var head = request.head
        head.method = .get
        var response = try await inner.respond(to: Request(head: head, body: request.body), context: context)
        response.body = ResponseBody()
        return response
    }
}
