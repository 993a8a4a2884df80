// A minimal multipart/form-data reader (RFC 7578) for the image upload: splits the body on the
// boundary and reads each part's Content-Disposition name and filename. Parts are byte slices,
// never decoded as text.
import Foundation

/// One part of a multipart/form-data body.
struct MultipartPart {
    var name: String
    var filename: String?
    var body: ArraySlice<UInt8>
}

enum MultipartForm {
    /// The boundary of a `multipart/form-data; boundary=…` content type, nil for other types.
    static func boundary(contentType: String) -> String? {
        let params = contentType.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard params.first?.lowercased() == "multipart/form-data" else { return nil }
        for param in params.dropFirst() {
            let pair = param.split(separator: "=", maxSplits: 1).map(String.init)
            if pair.count == 2, pair[0].lowercased() == "boundary" {
                let value = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                return value.isEmpty || value.count > 200 ? nil : value
            }
        }
        return nil
    }

    /// The parts of `body`, nil when it is not well-formed.
    static func parts(_ body: [UInt8], boundary: String) -> [MultipartPart]? {
        let delimiter = Array("--\(boundary)".utf8)
        let separator = Array("\r\n--\(boundary)".utf8)
        guard var cursor = find(delimiter, in: body, from: 0).map({ $0 + delimiter.count }) else { return nil }
        var parts: [MultipartPart] = []
        while true {
            if body[cursor...].starts(with: Array("--".utf8)) { return parts }
            guard body[cursor...].starts(with: [13, 10]) else { return nil }
            cursor += 2
            guard let headerEnd = find([13, 10, 13, 10], in: body, from: cursor),
                let end = find(separator, in: body, from: headerEnd + 4)
            else { return nil }
            let headers = String(decoding: body[cursor..<headerEnd], as: UTF8.self)
            if let (name, filename) = disposition(headers) {
                parts.append(MultipartPart(name: name, filename: filename, body: body[(headerEnd + 4)..<end]))
            }
            cursor = end + separator.count
        }
    }

    /// `name` and `filename` from the part's Content-Disposition header.
    static func disposition(_ headers: String) -> (String, String?)? {
        for line in headers.components(separatedBy: "\r\n") {
            let pair = line.split(separator: ":", maxSplits: 1)
            guard pair.count == 2, pair[0].lowercased() == "content-disposition" else { continue }
            var values: [String: String] = [:]
            for param in pair[1].split(separator: ";").dropFirst() {
                let kv = param.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                if kv.count == 2 {
                    values[kv[0].lowercased()] = kv[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                }
            }
            guard let name = values["name"] else { return nil }
            return (name, values["filename"])
        }
        return nil
    }

    /// The first index of `needle` in `haystack` at or after `start` (memchr + memcmp).
    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, start >= 0 else { return nil }
        return haystack.withUnsafeBytes { hay -> Int? in
            needle.withUnsafeBytes { pin -> Int? in
                guard let base = hay.baseAddress, let pinBase = pin.baseAddress else { return nil }
                var i = start
                while i + pin.count <= hay.count {
                    guard let hit = memchr(base + i, Int32(first), hay.count - pin.count + 1 - i) else { return nil }
                    i = base.distance(to: UnsafeRawPointer(hit))
                    if memcmp(base + i, pinBase, pin.count) == 0 { return i }
                    i += 1
                }
                return nil
            }
        }
    }
}
