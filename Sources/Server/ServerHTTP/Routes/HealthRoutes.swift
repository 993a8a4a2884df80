// GET /api/health: always 200, never needs auth. Reports the database as the engine last saw it
// (no round trip); while it is down, `databaseError` (a claudepm extension) says why.
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
        let store = services.store.engine.health()
        let db = store.connected
        let uptime = Int(Date().timeIntervalSince(services.startedAt))
        var health = Health(
            status: db ? "healthy" : "degraded", uptime: max(0, uptime), version: services.config.version,
            database: db ? "connected" : "disconnected", tmux: tmuxAvailable ? "available" : "unavailable",
            timestamp: Date())
        if !db { health.databaseError = "\(store.engine): \(store.error ?? "not answering")" }
        return try HTTPResponses.encoded(health)
    }
}
