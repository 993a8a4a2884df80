// GET /api/health: always 200, never needs auth. Reports the database as the engine sees it
// (PostgreSQL: as last seen, no round trip; SQLite: `SELECT 1`, and a write probe while writes
// fail); while it is down or cannot be written, `databaseError` (a claudepm extension) says why.
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
