// Response helpers: JSON bodies and the mapping of ServerError to status + body.
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import ServerCore

enum HTTPResponses {
    static func json(_ value: WireJSON, status: HTTPResponse.Status = .ok) -> Response {
        let text = value.serialized()
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    static func error(_ message: String, status: HTTPResponse.Status) -> Response {
        json(.object([("error", .string(message))]), status: status)
    }

    static func message(_ text: String) -> Response { json(.object([("message", .string(text))])) }

    static func from(_ error: ServerError) -> Response {
        switch error {
        case .validation(let details):
            let d: WireJSON = .object(
                details.keys.sorted().map { ($0, .array((details[$0] ?? []).map { .string($0) })) })
            return json(.object([("error", .string("Validation error")), ("details", d)]), status: .badRequest)
        case .badRequest(let m): return Self.error(m, status: .badRequest)
        case .notFound(let m): return Self.error(m, status: .notFound)
        case .conflict(let m): return Self.error(m, status: .conflict)
        case .payloadTooLarge(let m): return Self.error(m, status: .contentTooLarge)
        case .internalError(let m), .configuration(let m): return Self.error(m, status: .internalServerError)
        }
    }
}
