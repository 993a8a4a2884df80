// Starts `claudepm-server --demo --port 0` and reads its URL from the first line it prints.
import Foundation

/// A demo server process for one test; terminated on deinit.
final class DemoServer {
    let process = Process()
    let url: String
    let dataDirectory: URL

    init() throws {
        dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("claudepm-e2e-\(UUID())")
        try FileManager.default.createDirectory(at: dataDirectory, withIntermediateDirectories: true)
        process.executableURL = URL(fileURLWithPath: Binaries.path("claudepm-server"))
        process.arguments = ["--demo", "--port", "0"]
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_STATE_HOME"] = dataDirectory.appendingPathComponent("state").path
        environment["XDG_DATA_HOME"] = dataDirectory.appendingPathComponent("data").path
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        url = try Self.readURL(from: output.fileHandleForReading)
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: dataDirectory)
    }

    private static func readURL(from handle: FileHandle) throws -> String {
        var line = Data()
        while true {
            let byte = handle.readData(ofLength: 1)
            if byte.isEmpty || byte == Data("\n".utf8) { break }
            line.append(byte)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let range = text.range(of: "http://") else { throw DemoServerError.noURL(text) }
        return String(text[range.lowerBound...]).trimmingCharacters(in: .whitespaces)
    }
}

enum DemoServerError: Error {
    case noURL(String)
}
