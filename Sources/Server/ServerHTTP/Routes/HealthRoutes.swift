// GET /api/health: always 200, never needs auth.
import ClaudePMProtocol
import Foundation
import Hummingbird
import ServerCore

struct HealthRoutes {
    let services: ServerServices
    let tmuxAvailable: Bool

    func register(on router: Router<ServerRequestContext>) {
        router.get("/api/health") { _, _ in try health() }
    }

    func health() throws -> Response {
        let db = services.store.isHealthy()
        let uptime = Int(Date().timeIntervalSince(services.startedAt))
        return try HTTPResponses.encoded(
            Health(
                status: db ? "healthy" : "degraded", uptime: max(0, uptime), version: services.config.version,
                database: db ? "connected" : "disconnected", tmux: tmuxAvailable ? "available" : "unavailable",
                timestamp: Date()))
    }
}
