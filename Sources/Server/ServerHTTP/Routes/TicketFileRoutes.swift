// Adhoc ticket title (`PATCH /api/tickets/:id/title`) and image upload
// (`POST /api/tickets/:id/images?autoAppend=true`, multipart field `image`, ≤ 10 MB).
import ClaudePMProtocol
import Foundation
import Hummingbird
import NIOCore
import ServerCore

struct TicketFileRoutes {
    let services: ServerServices
    static let badId = "Invalid ticket ID format"
    static let noImage = "No image file provided (multipart/form-data field 'image')"

    func register(on router: Router<ServerRequestContext>) {
        router.patch("/api/tickets/:id/title") { request, context in
            let id = try IDCheck.param(context, message: Self.badId)
            var body = try await JSONBody.read(request)
            let title = body.string("title", min: 3, max: 100, required: true)
            try body.check()
            let ticket = try await services.tickets.updateTitle(id, title: title ?? "")
            return try HTTPResponses.encoded(Wire.adhocTicket(ticket))
        }
        router.post("/api/tickets/:id/images") { request, context in try await upload(request, context) }
    }

    private func upload(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let id = try IDCheck.param(context, message: Self.badId)
        guard let boundary = request.headers[.contentType].flatMap(MultipartForm.boundary(contentType:)) else {
            throw ServerError.badRequest(Self.noImage)
        }
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: TicketService.maxImageBytes + 64 * 1024)
        } catch is NIOTooManyBytesError { throw ServerError.payloadTooLarge("Image too large (max 10 MB)") }
        guard let parts = MultipartForm.parts(Array(buffer.readableBytesView), boundary: boundary),
            let part = parts.first(where: { $0.name == "image" && $0.filename != nil }), !part.body.isEmpty
        else { throw ServerError.badRequest(Self.noImage) }
        let autoAppend = Query(request).params["autoAppend"]?.last == "true"
        let image = try await services.tickets.saveImage(
            id, data: Data(part.body), originalName: part.filename, autoAppend: autoAppend)
        return try HTTPResponses.encoded(
            ImageUploadResponse(filename: image.filename, path: image.path, markdownRef: image.markdownRef))
    }
}
