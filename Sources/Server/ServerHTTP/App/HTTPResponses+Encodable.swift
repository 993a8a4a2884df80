// Responses built from the shared ClaudePMProtocol models, encoded with ClaudePMJSONEncoder (key
// order as declared, `toISOString()` dates), so the server writes what the client decodes.
import ClaudePMProtocol
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

extension HTTPResponses {
    /// `value` as a JSON response.
    static func encoded(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        let data = try ClaudePMJSONEncoder().encode(value)
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
