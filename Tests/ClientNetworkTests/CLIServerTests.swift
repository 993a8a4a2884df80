// The built `claudepm` binary against a real claudepm-server, used the way a script would.

import ClaudePMProtocol
import Foundation
import TestSupport
import Testing

@testable import ClientNetwork

@Suite(.enabled(if: ServerProcess.isAvailable, "needs the claudepm-server binary (full build)"))
struct CLIServerTests {
    @Test func sessionsJSONListsTheServersSessions() async throws {
        let fixture = try await ServerFixture.make()
        let home = try TempDirectory()
        let result = try await CLIRunner.run(
            ["sessions", "--json", "--url", fixture.server.url.absoluteString], home: home.path)
        #expect(result.status == 0, "\(result.stderr)")
        let sessions = try ClaudePMJSON.decoder().decode([Session].self, from: Data(result.stdout.utf8))
        #expect(sessions.map(\.id) == [fixture.sessionId])
        #expect(sessions.first?.status == .running)
    }

    @Test func sendTypesIntoTheSessionByIdPrefix() async throws {
        let fixture = try await ServerFixture.make()
        let home = try TempDirectory()
        let marker = "cli-send-\(UInt32.random(in: 0...UInt32.max))"
        let prefix = String(fixture.sessionId.prefix(8))
        let result = try await CLIRunner.run(
            ["send", prefix, "echo", marker, "--url", fixture.server.url.absoluteString], home: home.path)
        #expect(result.status == 0, "\(result.stderr)")
        let rest = fixture.rest
        let id = fixture.sessionId
        let seen = await eventually {
            let output = try? await rest.decode(
                OutputResponse.self, "GET", "/api/sessions/\(id)/output", query: [("lines", "200")], resource: "output")
            return output?.lines.contains { $0.contains(marker) } ?? false
        }
        #expect(seen, "the typed line appears in the pane")
        let unknown = try await CLIRunner.run(
            ["send", "zzzz", "hi", "--url", fixture.server.url.absoluteString], home: home.path)
        #expect(unknown.status == 65)
    }

    @Test func watchJSONStreamsStatusAndResync() async throws {
        let fixture = try await ServerFixture.make()
        let home = try TempDirectory()
        let (process, events) = try await Self.watchUntilResynced(fixture, home: home)
        defer { ChildWait.terminateInBackground(process) }
        #expect(events.contains { $0["event"] as? String == "status" && $0["status"] as? String == "connected" })
        let resynced = events.first { $0["event"] as? String == "resynced" }
        #expect(resynced?["sessions"] as? Int == 1)
    }

    /// Ctrl-C ends `watch` through its own handler, not by dying of the signal: status 130 as a
    /// shell reports it, and the socket closed with a normal close frame, read off the wire by a
    /// forwarder between the two. Over both links: the plain one loopback gets, and the compressed
    /// one remote users get (`CLAUDEPM_WS_COMPRESS=always`), whose upgrade agrees on
    /// permessage-deflate.
    @Test(arguments: [false, true])
    func watchStopsCleanlyOnInterrupt(compressed: Bool) async throws {
        let fixture = try await ServerFixture.make()
        let proxy = try StallProxy(targetPort: fixture.server.port)
        defer { proxy.stop() }
        let home = try TempDirectory()
        let url = try #require(URL(string: "http://127.0.0.1:\(proxy.port)"))
        let (process, handle) = try CLIRunner.startWatch(
            url: url, home: home.path, environment: compressed ? ["CLAUDEPM_WS_COMPRESS": "always"] : [:])
        let lines = await offPool { Self.readLines(handle, until: #""event":"resynced""#) }
        #expect(lines.contains { $0.contains(#""event":"resynced""#) }, "watch connected before the interrupt")
        let socket = (0..<proxy.connectionCount).first {
            WebSocketWire.parse(proxy.bytes(connection: $0, fromClient: true)).head.lowercased()
                .contains("upgrade: websocket")
        }
        let index = try #require(socket, "no WebSocket connection went through the forwarder")
        process.interrupt()
        #expect(await ChildWait.exit(of: process) == .exited(128 + SIGINT))
        let sent = WebSocketWire.parse(proxy.bytes(connection: index, fromClient: true))
        let heard = WebSocketWire.parse(proxy.bytes(connection: index, fromClient: false))
        #expect(sent.frames.contains { $0.closeCode == 1000 }, "no close frame: \(sent.frames.map(\.opcode))")
        #expect(sent.head.contains("permessage-deflate") == compressed, "\(sent.head)")
        // Agreed by both sides. (Every frame the server sends `watch` here is under the 256 bytes
        // below which it leaves messages uncompressed, so RSV1 is not seen on this wire.)
        #expect(heard.head.contains("permessage-deflate") == compressed, "\(heard.head)")
    }

    /// Starts `claudepm watch --json` and reads its JSON lines until the first `resynced` (or EOF).
    private static func watchUntilResynced(
        _ fixture: ServerFixture, home: borrowing TempDirectory
    ) async throws -> (Process, [[String: Any]]) {
        let (process, handle) = try CLIRunner.startWatch(url: fixture.server.url, home: home.path)
        let lines = await offPool { readLines(handle, until: #""event":"resynced""#) }
        let events = lines.compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        }
        return (process, events)
    }

    /// Reads lines from `handle` until one contains `marker` or the stream ends.
    private static func readLines(_ handle: FileHandle, until marker: String) -> [String] {
        var lines: [String] = []
        var buffer = Data()
        while !lines.contains(where: { $0.contains(marker) }) {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            buffer += chunk
            while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                lines.append(String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self))
                buffer = Data(buffer[buffer.index(after: newline)...])
            }
        }
        return lines
    }
}
