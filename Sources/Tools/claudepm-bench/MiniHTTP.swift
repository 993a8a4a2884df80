// The few REST calls the benchmark makes, as plain HTTP/1.1 on loopback (`Connection: close`,
// Content-Length or chunked answers). Setup only: nothing here is timed except the fan-out's PATCH.
import Foundation

/// One HTTP request to 127.0.0.1.
enum MiniHTTP {
    /// Sends `method path` with an optional JSON body; returns (status, body).
    static func request(port: Int, _ method: String, _ path: String, json: Data?) throws -> (Int, Data) {
        let fd = try LoopbackSocket.connect(port: port)
        defer { close(fd) }
        let body = json ?? Data()
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        if json != nil { head += "Content-Type: application/json\r\n" }
        head += "Content-Length: \(body.count)\r\n\r\n"
        try FDIO.writeAll(fd, Array(head.utf8) + Array(body))
        var response: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            response += buffer[0..<count]
        }
        return try parse(response)
    }

    private static func parse(_ response: [UInt8]) throws -> (Int, Data) {
        guard let split = response.firstRange(of: Array("\r\n\r\n".utf8)) else {
            throw BenchError.server("malformed HTTP response")
        }
        let head = String(decoding: response[..<split.lowerBound], as: UTF8.self)
        let statusField = head.split(separator: " ").dropFirst().first
        guard let status = statusField.flatMap({ Int($0) }) else { throw BenchError.server("no HTTP status") }
        let body = Array(response[split.upperBound...])
        let chunked = head.lowercased().contains("transfer-encoding: chunked")
        return (status, Data(chunked ? dechunk(body) : body))
    }

    private static func dechunk(_ body: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var index = 0
        while let lineEnd = body[index...].firstRange(of: Array("\r\n".utf8)) {
            let sizeText = String(decoding: body[index..<lineEnd.lowerBound], as: UTF8.self)
            guard let size = Int(sizeText.split(separator: ";").first ?? "", radix: 16), size > 0 else { break }
            let start = lineEnd.upperBound
            guard start + size <= body.count else { break }
            out += body[start..<start + size]
            index = start + size + 2
            guard index < body.count else { break }
        }
        return out
    }
}
