// Turns thrown errors into the upstream's JSON error bodies: ServerError → its status, unknown
// routes → 404 {"error":"Not found"}, oversized bodies → 413, a body that is not sent as JSON → 415,
// an unreachable database → 503 (the request may be retried; nothing was written), anything else → 500.
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import ServerCore

struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    )
        async throws -> Response
    {
        do {
            return try await next(request, context)
        } catch is NIOTooManyBytesError {
            return HTTPResponses.error("Request body too large", status: .contentTooLarge)
        } catch let refusal as JSONContentType.Refusal {
            return HTTPResponses.error("Unsupported Media Type", detail: refusal.message, status: .unsupportedMediaType)
        } catch let error as ServerError {
            return HTTPResponses.from(error)
        } catch StoreError.unavailable(let why) {
            return HTTPResponses.error("Database unavailable", detail: why, status: .serviceUnavailable)
        } catch let error as HTTPError {
            switch error.status {
            case .notFound: return HTTPResponses.error("Not found", status: .notFound)
            case .contentTooLarge: return HTTPResponses.error("Request body too large", status: .contentTooLarge)
            case .badRequest: return HTTPResponses.error("Invalid JSON body", status: .badRequest)
            default: return HTTPResponses.error(error.body ?? "Error", status: error.status)
            }
        } catch {
            context.logger.error("request failed", metadata: ["error": "\(error)"])
            return HTTPResponses.error("Internal server error", status: .internalServerError)
        }
    }
}

struct AuthMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext
    let policy: AuthPolicy

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    )
        async throws -> Response
    {
        // Routes match case-insensitively (as Express's), so the exemption and the /api prefix do too.
        let path = request.uri.path.lowercased()
        guard path.hasPrefix("/api"), path != "/api/health", path != "/api/health/" else {
            return try await next(request, context)
        }
        let key = HTTPField.Name("X-API-Key").map { request.headers[values: $0] } ?? []
        let presented = key.count == 1 ? key[0] : (key.isEmpty ? nil : key.joined(separator: ", "))
        guard policy.allows(isLoopback: Loopback.isLoopback(context.remoteAddress), presented: presented) else {
            PeerLog(logger: context.logger, peer: context.remoteAddress, path: request.uri.path)
                .unauthorized(request.method.rawValue)
            return HTTPResponses.error("Unauthorized", detail: "Missing or invalid API key", status: .unauthorized)
        }
        return try await next(request, context)
    }
}
