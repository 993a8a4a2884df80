// `claudepm-server --demo` seen by a plain Python `websockets` client: Scripts/demo-attach.py
// attaches to a demo session and must see the agent's screen, then detach cleanly. Runs when the
// server binary is built next to the tests and /usr/bin/python3 has websockets (Scripts/bootstrap).
import Foundation
import TestSupport
import Testing

@Suite(.enabled(if: DemoPython.isAvailable, "needs the claudepm-server binary and python3-websockets"))
struct DemoPythonClientTests {
    @Test func pythonClientSeesTheAgentScreen() async throws {
        try await DemoSlots.shared.with { try await DemoPython.check() }
    }
}

/// Runs the demo server and the Python client.
enum DemoPython {
    static let python = "/usr/bin/python3"

    static var script: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Scripts/demo-attach.py")
    }

    static var serverBinary: URL? {
        BuiltProducts.path(of: "claudepm-server").map(URL.init(fileURLWithPath:))
    }

    static var isAvailable: Bool {
        serverBinary != nil && FileManager.default.fileExists(atPath: script.path) && PythonWebSocketsProbe.isInstalled
    }

    static func check() async throws {
        let binary = try #require(Self.serverBinary)
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("cpm-pydemo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let server = Process()
        server.executableURL = binary
        server.arguments = ["--demo", "--port", "0"]
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = home.appendingPathComponent("data").path
        environment["XDG_STATE_HOME"] = home.appendingPathComponent("state").path
        server.environment = environment
        let stdout = Pipe()
        server.standardOutput = stdout
        server.standardError = FileHandle.nullDevice
        server.standardInput = FileHandle.nullDevice
        try server.run()
        let first = await offPool { Self.firstLine(stdout.fileHandleForReading) }
        let base = try #require(first.range(of: "http://").map { String(first[$0.lowerBound...]) })
        let (status, output) = await offPool { Self.runScript(base) }
        server.terminate()
        await ChildWait.exit(of: server)
        #expect(status == 0, "\(output)")
        #expect(output.contains(#"< {"type":"agent:snapshot","payload":{"agents":[]}}"#))
        #expect(output.contains(#"{"type": "pty:attached""#))
        #expect(output.contains("text seen on the agent's screen"))
        // The demo agent draws Claude Code–style tool lines and its input box.
        #expect(output.contains("⏺") || output.contains("shortcuts"), "\(output)")
        #expect(output.contains(#"{"type": "pty:detached""#))
        #expect(output.contains(#"{"type": "pty:exit""#))
    }

    static func runScript(_ base: String) -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        // Until the agent's screen shows its tool lines or input box (a loaded machine may take
        // long), at most a minute.
        process.arguments = [script.path, base, "--seconds", "60", "--until", "⏺|shortcuts"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return (-1, "cannot run \(python)") }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        return (ChildWait.exitStatus(of: process), String(decoding: data, as: UTF8.self))
    }

    static func firstLine(_ handle: FileHandle) -> String {
        var line = Data()
        while true {
            let byte = handle.readData(ofLength: 1)
            if byte.isEmpty || byte == Data("\n".utf8) { break }
            line.append(byte)
        }
        return String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespaces)
    }
}
