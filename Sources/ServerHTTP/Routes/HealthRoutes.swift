// GET /api/health: always 200, never needs auth.
import Foundation
import Hummingbird
import ServerCore

struct HealthRoutes {
    let services: ServerServices
    let tmuxAvailable: Bool

    func register(on router: Router<ServerRequestContext>) {
        router.get("/api/health") { _, _ in health() }
    }

    func health() -> Response {
        let db = services.store.isHealthy()
        let uptime = Int(Date().timeIntervalSince(services.startedAt))
        return HTTPResponses.json(
            .object([
                ("status", .string(db ? "healthy" : "degraded")), ("uptime", .int(max(0, uptime))),
                ("version", .string(services.config.version)), ("database", .string(db ? "connected" : "disconnected")),
                ("tmux", .string(tmuxAvailable ? "available" : "unavailable")), ("timestamp", .date(Date())),
            ]))
    }
}
