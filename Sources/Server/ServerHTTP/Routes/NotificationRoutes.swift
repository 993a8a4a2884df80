// /api/notifications: list (≤ 50), count, delete one, delete all.
import ClaudePMProtocol
import Hummingbird
import ServerCore

struct NotificationRoutes {
    let services: ServerServices

    func register(on router: Router<ServerRequestContext>) {
        router.get("/api/notifications") { _, _ in
            let items = try await services.notifications.list()
            return try HTTPResponses.encoded(NotificationList(data: items.map(Wire.notification), count: items.count))
        }
        router.get("/api/notifications/count") { _, _ in
            try HTTPResponses.encoded(CountResponse(count: try await services.notifications.count()))
        }
        router.delete("/api/notifications/:id") { _, context in
            let id = try IDCheck.param(context, message: "Invalid notification ID")
            guard try await services.notifications.delete(id) else {
                throw ServerError.notFound("Notification not found: \(id)")
            }
            return try HTTPResponses.encoded(SuccessResponse())
        }
        router.delete("/api/notifications") { _, _ in
            try HTTPResponses.encoded(DismissAllResponse(dismissed: try await services.notifications.deleteAll()))
        }
    }
}
