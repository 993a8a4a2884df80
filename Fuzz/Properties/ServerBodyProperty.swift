// The server's request parsers: JSON bodies (AnyJSON), hook payloads and multipart uploads. A
// parsed JSON value prints back to JSON that parses equal; a hook event only carries strings
// that were in the payload; multipart parts are slices of the body, in order, between delimiters.
import Foundation
import ServerCore

@testable import ServerHTTP

/// The property checked by the `server-body` fuzz target.
public enum ServerBodyProperty {
    /// Nil when the property holds for `bytes`, else what failed. Byte 0 picks JSON (even) or
    /// multipart (odd); for multipart byte 1 is the boundary length.
    public static func check(_ bytes: [UInt8]) -> String? {
        var input = FuzzInput(bytes)
        let mode = input.byte()
        if mode % 2 == 0 { return checkJSON(input.rest) }
        let length = Int(input.byte() % 16) + 1
        var boundary = ""
        for _ in 0..<length { boundary.unicodeScalars.append(Unicode.Scalar(input.byte() % 26 + 97)) }
        return checkMultipart(input.rest, boundary: boundary)
    }

    static func checkJSON(_ bytes: [UInt8]) -> String? {
        guard let value = AnyJSON.parse(Data(bytes)) else { return nil }
        let printed = JSONPrinter.print(value)
        guard let again = AnyJSON.parse(Data(printed.utf8)) else { return "printed JSON does not parse: \(printed)" }
        if !JSONPrinter.same(again, value) { return "round trip changed the value: \(printed)" }
        guard let fields = value.fields, let event = HookPayload.event(fields) else { return nil }
        let strings = fields.values.compactMap { if case .string(let s) = $0 { s } else { nil } }
        let carried = [
            event.eventName, event.claudeSessionId, event.claudepmSessionId, event.cwd, event.transcriptPath,
            event.notificationType,
        ]
        if carried.contains(where: { $0.map { !strings.contains($0) } ?? false }) {
            return "hook event carries a value that is not in the payload"
        }
        return nil
    }

    static func checkMultipart(_ body: [UInt8], boundary: String) -> String? {
        let contentType = "multipart/form-data; boundary=\"\(boundary)\""
        guard MultipartForm.boundary(contentType: contentType) == boundary else {
            return "boundary \(boundary) not read back from \(contentType)"
        }
        guard let parts = MultipartForm.parts(body, boundary: boundary) else { return nil }
        var previousEnd = 0
        for part in parts {
            guard part.body.startIndex >= previousEnd, part.body.endIndex <= body.count else {
                return "part \(part.name) is not a later slice of the body"
            }
            let after = body[part.body.endIndex...]
            guard after.starts(with: Array("\r\n--\(boundary)".utf8)) else {
                return "part \(part.name) does not end at a delimiter"
            }
            previousEnd = part.body.endIndex
        }
        return nil
    }
}
