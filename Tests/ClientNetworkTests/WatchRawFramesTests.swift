// `claudepm watch --json` against a real server: a message line carries the server's frame
// byte for byte (compared with what a raw WebSocket client of the same server received), and the
// status lines use exactly the values docs/cli.md lists (`reconnecting`, the try in `attempt`).

import ClaudePMProtocol
import ClientCore
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import ClientNetwork

/// Frames a raw WebSocket link received, as text.
private final class FrameLog: Sendable {
    let frames = Mutex<[String]>([])
    func append(_ text: String) { frames.withLock { $0.append(text) } }
    func first(containing marker: String) -> String? { frames.withLock { $0.first { $0.contains(marker) } } }
}

@Suite(.enabled(if: ServerProcess.isAvailable, "needs the claudepm-server binary (full build)"))
struct WatchRawFramesTests {
    static let documentedStatuses: Set<String> = ["connecting", "connected", "reconnecting", "offline", "auth-failed"]

    @Test func messageLinesCarryTheServersFramesByteForByte() async throws {
        let fixture = try await ServerFixture.make()
        let home = try TempDirectory()
        let raw = FrameLog()
        let link = WebSocketLink.spawn(
            server: fixture.config, apiKey: nil, tls: nil,
            callbacks: .init(opened: { _ in }, message: { raw.append($0.text) }, closed: { _ in }))
        defer { link.cancel() }
        let (process, output) = try CLIRunner.startWatch(url: fixture.server.url, home: home.path)
        defer { ChildWait.terminateInBackground(process) }
        let reader = LineReader(output)
        _ = await offPool { reader.read(until: #""event":"resynced""#) }
        let ticket = try #require(
            try await fixture.rest.allTickets(projectId: fixture.projectId).first { $0.externalId == "CSM-001" })
        _ = try await fixture.rest.move(ticket: ticket.id, to: .inProgress)
        let lines = await offPool { reader.read(until: "ticket:state") }
        let line = try #require(lines.last { $0.contains("ticket:state") }, "watch printed no ticket:state")
        #expect(await eventually { raw.first(containing: "ticket:state") != nil }, "the raw client got no frame")
        let frame = try #require(raw.first(containing: "ticket:state"))
        // `--url` names the server after its host.
        let host = fixture.server.url.host ?? ""
        #expect(line == #"{"event":"message","message":"# + frame + #","server":""# + host + #""}"#, "re-encoded")
        await fixture.server.killHard()
        let after = await offPool { reader.read(until: #""status":"reconnecting""#) }
        let statuses = (lines + after).compactMap(Self.status)
        #expect(statuses.contains { $0.status == "reconnecting" && $0.attempt != nil }, "\(after)")
        for status in statuses {
            #expect(Self.documentedStatuses.contains(status.status), "undocumented status value \(status.status)")
        }
    }

    /// The `status` (and `attempt`) of a status line.
    static func status(_ line: String) -> (status: String, attempt: Int?)? {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any],
            object["event"] as? String == "status", let status = object["status"] as? String
        else { return nil }
        return (status, object["attempt"] as? Int)
    }
}

/// Reads lines from a pipe, keeping what follows the last full line for the next read.
private final class LineReader: @unchecked Sendable {
    // Invariant: used by one reading thread at a time (each `read` is awaited before the next).
    private let handle: FileHandle
    private var buffer = Data()

    init(_ handle: FileHandle) { self.handle = handle }

    /// Lines up to and including the first containing `marker` (or all until EOF).
    func read(until marker: String) -> [String] {
        var lines: [String] = []
        while true {
            while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
                buffer = Data(buffer[buffer.index(after: newline)...])
                lines.append(line)
                if line.contains(marker) { return lines }
            }
            let chunk = handle.availableData
            if chunk.isEmpty { return lines }
            buffer += chunk
        }
    }
}
