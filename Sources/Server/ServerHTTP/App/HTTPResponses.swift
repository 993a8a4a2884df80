// Response helpers: JSON bodies and the mapping of ServerError to status + body.
import ClaudePMProtocol
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import ServerCore

enum HTTPResponses {
    /// An error body (`{"error"}`, plus `message` when given).
    static func error(_ message: String, detail: String? = nil, status: HTTPResponse.Status) -> Response {
        body(ErrorBody(error: message, message: detail), status: status)
    }

    static func message(_ text: String) throws -> Response { try encoded(MessageResponse(message: text)) }

    /// A model that cannot fail to encode (plain strings and numbers); a 500 if it somehow does.
    private static func body(_ value: some Encodable, status: HTTPResponse.Status) -> Response {
        (try? encoded(value, status: status)) ?? Response(status: .internalServerError)
    }

    static func from(_ error: ServerError) -> Response {
        switch error {
        case .validation(let details):
            let d = JSONValue.object(details.mapValues { .array($0.map { .string($0) }) })
            return body(ErrorBody(error: "Validation error", details: d), status: .badRequest)
        case .badRequest(let m): return Self.error(m, status: .badRequest)
        case .notFound(let m): return Self.error(m, status: .notFound)
        case .conflict(let m): return Self.error(m, status: .conflict)
        case .gone(let m): return Self.error(m, status: .gone)
        case .payloadTooLarge(let m): return Self.error(m, status: .contentTooLarge)
        case .internalError(let m), .configuration(let m): return Self.error(m, status: .internalServerError)
        }
    }
}
