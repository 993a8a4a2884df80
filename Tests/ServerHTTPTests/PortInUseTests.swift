// The built claudepm-server started on a port another process listens on: one plain sentence on
// stderr and a non-zero exit, not NIO's `bind(descriptor:ptr:bytes:)… (errno: 98)`.
import Foundation
import TestSupport
import Testing

@Suite(.enabled(if: DemoPython.serverBinary != nil, "needs the claudepm-server binary"))
struct PortInUseTests {
    @Test func portInUseIsOneSentence() async throws {
        let binary = try #require(DemoPython.serverBinary)
        let listener = try #require(LoopbackListener())
        defer { listener.close() }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("cpm-port-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let socket = "claudepm-test-port-\(UUID().uuidString.prefix(8))"
        defer {
            _ = DemoLifelineTests.tmux(socket, ["kill-server"])
            TmuxSweep.killAll(socket: socket)
        }
        let server = Process()
        server.executableURL = binary
        server.arguments = [
            "--port", "\(listener.port)", "--data-dir", home.appendingPathComponent("data").path,
            "--tmux-socket", socket, "--log-file", home.appendingPathComponent("log").path,
        ]
        let stderr = Pipe()
        server.standardOutput = FileHandle.nullDevice
        server.standardError = stderr
        server.standardInput = FileHandle.nullDevice
        try server.run()
        let exited = await offPool {
            let deadline = Date().addingTimeInterval(30)
            while server.isRunning && Date() < deadline { usleep(50_000) }
            return !server.isRunning
        }
        if !exited { server.terminate() }
        #expect(exited, "the server gave up")
        let text = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(
            text == "claudepm-server: port \(listener.port) on 127.0.0.1 is already in use (another "
                + "claudepm-server?). Use --port to choose another.\n")
        #expect(server.terminationStatus != 0)
    }
}

/// A TCP socket listening on a free 127.0.0.1 port.
final class LoopbackListener: Sendable {
    let fd: Int32
    let port: Int

    init?() {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && listen(fd, 4) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard bound else {
            Glibc.close(fd)
            return nil
        }
        self.fd = fd
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    func close() { Glibc.close(fd) }
}
