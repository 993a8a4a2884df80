// /api/notifications: list (≤ 50), count, delete one, delete all.
import Hummingbird
import ServerCore

struct NotificationRoutes {
    let services: ServerServices

    func register(on router: Router<ServerRequestContext>) {
        router.get("/api/notifications") { _, _ in
            let items = try services.notifications.list()
            return HTTPResponses.json(
                .object([("data", .array(items.map(Wire.notification))), ("count", .int(items.count))]))
        }
        router.get("/api/notifications/count") { _, _ in
            HTTPResponses.json(.object([("count", .int(try services.notifications.count()))]))
        }
        router.delete("/api/notifications/:id") { _, context in
            let id = try IDCheck.param(context, message: "Invalid notification ID")
            guard try services.notifications.delete(id) else {
                throw ServerError.notFound("Notification not found: \(id)")
            }
            return HTTPResponses.json(.object([("success", .bool(true))]))
        }
        router.delete("/api/notifications") { _, _ in
            HTTPResponses.json(.object([("dismissed", .int(try services.notifications.deleteAll()))]))
        }
    }
}
