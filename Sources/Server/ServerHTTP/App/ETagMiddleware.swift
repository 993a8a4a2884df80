// ETags as Express's `res.send` sets them: every response with a non-empty body of known length
// (all of this server's JSON answers, errors included) gets a weak ETag; a GET or HEAD with a 2xx
// status whose validators match (`WeakETag.isFresh`) is answered 304 with no body and without
// Content-Type or Content-Length. Bodies of unknown length (streams) pass through untouched.
import HTTPTypes
import Hummingbird
import NIOCore

struct ETagMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response = try await next(request, context)
        guard let length = response.body.contentLength, length > 0, response.headers[.eTag] == nil else {
            return response
        }
        let body = try await BodyCollector.collect(response.body)
        let etag = WeakETag.tag(for: body.readableBytesView)
        response.headers[.eTag] = etag
        guard request.method == .get || request.method == .head, (200..<300).contains(response.status.code),
            WeakETag.isFresh(
                ifNoneMatch: Self.joined(request.headers, .ifNoneMatch),
                ifModifiedSince: Self.joined(request.headers, .ifModifiedSince),
                cacheControl: Self.joined(request.headers, .cacheControl), etag: etag)
        else {
            response.body = ResponseBody(byteBuffer: body)
            return response
        }
        var headers = response.headers
        headers[.contentType] = nil
        headers[.transferEncoding] = nil
        var notModified = Response(status: .notModified, headers: headers, body: ResponseBody())
        notModified.headers[.contentLength] = nil
        return notModified
    }

    /// Every value of a header joined with ", ", as Node presents a repeated header (nil if absent).
    private static func joined(_ headers: HTTPFields, _ name: HTTPField.Name) -> String? {
        let values = headers[values: name]
        return values.isEmpty ? nil : values.joined(separator: ", ")
    }
}

/// Gathers a response body's buffers into one.
private final class BodyCollector: ResponseBodyWriter {
    var buffer = ByteBuffer()

    static func collect(_ body: ResponseBody) async throws -> ByteBuffer {
        let collector = BodyCollector()
        try await body.write(collector)
        return collector.buffer
    }

    func write(_ buffer: ByteBuffer) async throws {
        var buffer = buffer
        self.buffer.writeBuffer(&buffer)
    }

    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
