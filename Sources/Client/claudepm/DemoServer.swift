// The child `claudepm-server --demo` process of `claudepm demo`.

import ClientNetwork
import Foundation

final class DemoServer: Sendable {
    let url: URL
    private let process: Process
    private let lifeline: Lifeline

    private init(url: URL, process: Process, lifeline: Lifeline) {
        self.url = url
        self.process = process
        self.lifeline = lifeline
    }

    /// The directory of the running executable.
    static var executableDirectory: URL {
        let path =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: path).deletingLastPathComponent()
    }

    /// Starts the server and waits for its `listening on URL` line.
    static func start() throws -> DemoServer {
        let binary = executableDirectory.appendingPathComponent("claudepm-server")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw CLIFailure(
                message: "cannot find claudepm-server next to claudepm (\(binary.path))", code: CLIExit.usage)
        }
        let process = Process()
        process.executableURL = binary
        process.arguments = ["--demo", "--port", "0", "--exit-on-stdin-eof"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        // Kept open for as long as claudepm lives: if claudepm dies without stopping the server
        // (SIGKILL, a closed terminal), the server sees EOF and removes the demo.
        guard let lifeline = Lifeline.make() else {
            throw CLIFailure(message: "cannot create a pipe for the demo server", code: CLIExit.failure)
        }
        process.standardInput = lifeline.childEnd
        try process.run()
        try? lifeline.childEnd.close()
        guard let line = readLine(from: pipe.fileHandleForReading), let url = parseURL(line) else {
            process.terminate()
            throw CLIFailure(message: "claudepm-server did not report its address", code: CLIExit.unreachable)
        }
        drain(pipe.fileHandleForReading)
        return DemoServer(url: url, process: process, lifeline: lifeline)
    }

    /// Parses `listening on http://127.0.0.1:PORT`.
    static func parseURL(_ line: String) -> URL? {
        guard let range = line.range(of: "http") else { return nil }
        return URL(string: String(line[range.lowerBound...]).trimmingCharacters(in: .whitespaces))
    }

    private static func readLine(from handle: FileHandle) -> String? {
        var bytes: [UInt8] = []
        while true {
            let chunk = handle.readData(ofLength: 1)
            guard let byte = chunk.first else { return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
            if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
    }

    private static func drain(_ handle: FileHandle) {
        Thread.detachNewThread {
            while !handle.availableData.isEmpty {}
        }
    }

    /// Stops the server (SIGTERM) and waits for it.
    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    /// Stops the server and exits when claudepm receives SIGINT or SIGTERM. Keep the returned
    /// sources alive for as long as the handlers should stay installed.
    func stopOnSignals() -> [any DispatchSourceSignal] {
        [SIGINT, SIGTERM].map { signalNumber in
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { [self] in
                stop()
                exit(128 + signalNumber)
            }
            source.resume()
            return source
        }
    }
}
