// PTYProcess with real children on real PTYs: output, input, resize, exit codes, termination,
// and the bounded (lossless) output buffer.
import Foundation
import TestSupport
import Testing

@testable import ServerCore

/// Collects a PTY's output in the background so tests can poll for text.
final class OutputCollector: Sendable {
    private let text = TextBox()
    let done: Task<Void, Never>

    init(_ process: PTYProcess) {
        let text = self.text
        done = Task {
            for await chunk in process.output { text.append(chunk) }
        }
    }

    var string: String { text.string }

    func waitFor(_ needle: String, within seconds: Double = 30) async -> Bool {
        await eventually(within: seconds) { string.contains(needle) }
    }
}

/// Bytes appended from one task and read from another.
// @unchecked Sendable: `bytes` is only touched while `lock` is held.
final class TextBox: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes: [UInt8] = []
    func append(_ chunk: [UInt8]) { lock.withLock { bytes += chunk } }
    var string: String { lock.withLock { String(decoding: bytes, as: UTF8.self) } }
    var count: Int { lock.withLock { bytes.count } }
}

@Suite struct PTYProcessTests {
    @Test func readsWritesAndExits() async throws {
        let process = try PTYProcess.spawn(
            executable: "/bin/sh", arguments: ["-c", "stty size; read x; echo got:$x; exit 7"], environment: [:],
            cwd: "/tmp", cols: 80, rows: 24)
        let output = OutputCollector(process)
        #expect(await output.waitFor("24 80"))
        try process.write(Array("hello 漢字\n".utf8))
        let gotLine = await output.waitFor("got:hello 漢字")
        #expect(gotLine, "output: \(output.string.debugDescription)")
        #expect(await process.waitForExit() == 7)
        await output.done.value  // the stream finishes at EOF
        #expect(process.exitCode == 7)
        #expect(throws: PTYError.self) { try process.write([0x41]) }
    }

    @Test func resizeReachesTheChild() async throws {
        let process = try PTYProcess.spawn(
            executable: "sh", arguments: ["-c", "stty size; read x; stty size"], environment: ["A": "b"],
            cwd: nil, cols: 80, rows: 24)
        let output = OutputCollector(process)
        #expect(await output.waitFor("24 80"))
        try process.resize(cols: 100, rows: 30)
        try process.write([0x0A])
        #expect(await output.waitFor("30 100"))
        #expect(await process.waitForExit() == 0)
        #expect(throws: PTYError.self) { try process.resize(cols: 0, rows: 10) }
    }

    @Test func environmentAndCwdAreApplied() async throws {
        let process = try PTYProcess.spawn(
            executable: "/bin/sh", arguments: ["-c", "echo \"[$CLAUDEPM_X|$TERM|$(pwd)]\""],
            environment: ["CLAUDEPM_X": "a b;c"], cwd: "/usr", cols: 80, rows: 24)
        let output = OutputCollector(process)
        #expect(await output.waitFor("[a b;c|xterm-256color|/usr]"))
        #expect(await process.waitForExit() == 0)
    }

    @Test func terminateEndsAChildThatIgnoresHangup() async throws {
        let process = try PTYProcess.spawn(
            executable: "/bin/sh", arguments: ["-c", "trap '' HUP TERM; echo ready; while :; do sleep 1; done"],
            environment: [:], cwd: nil, cols: 80, rows: 24)
        let output = OutputCollector(process)
        #expect(await output.waitFor("ready"))
        process.terminate(gracePeriod: .milliseconds(300))
        let code = await process.waitForExit()
        #expect(code == 128 + 9)
        await output.done.value
    }

    @Test func spawnFailureIsReported() async throws {
        let process = try PTYProcess.spawn(
            executable: "/nonexistent/program", arguments: [], environment: [:], cwd: nil, cols: 80, rows: 24)
        #expect(await process.waitForExit() == 127)
        #expect(throws: PTYError.self) {
            _ = try PTYProcess.spawn(
                executable: "/bin/sh", arguments: ["a\0b"], environment: [:], cwd: nil, cols: 80, rows: 24)
        }
    }

    @Test func slowConsumerBoundsTheBufferAndLosesNothing() async throws {
        let total = 3_000_000
        let process = try PTYProcess.spawn(
            executable: "/bin/sh", arguments: ["-c", "stty raw; head -c \(total) /dev/zero | tr '\\0' x"],
            environment: [:], cwd: nil, cols: 80, rows: 24)
        // Nobody reads yet: the reader must pause near the high-water mark instead of queueing everything.
        #expect(await eventually { process.queuedOutputBytes >= PTYProcess.highWater })
        try await Task.sleep(for: .milliseconds(300))
        #expect(process.queuedOutputBytes <= PTYProcess.highWater + 65_536)
        #expect(process.exitCode == nil)
        var count = 0
        for await chunk in process.output { count += chunk.filter { $0 == UInt8(ascii: "x") }.count }
        #expect(count == total)
        #expect(await process.waitForExit() == 0)
    }
}
