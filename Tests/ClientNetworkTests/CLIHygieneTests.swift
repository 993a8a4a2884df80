// The plain-text CLI against a server whose strings carry terminal escapes: nothing reaches the
// terminal as a control sequence (shown escaped instead), and a reader that goes away (`| head`)
// ends the command quietly, as SIGPIPE would.
import ClaudePMProtocol
import Foundation
import TestSupport
import Testing

@testable import ClientNetwork

@Suite(.enabled(if: ServerProcess.isAvailable, "needs the claudepm-server binary (full build)"))
struct CLIHygieneTests {
    static let hostile = "evil\u{1B}]0;pwned\u{07}\u{1B}]52;c;cGF5bG9hZA==\u{07}\u{1B}[2J\u{9B}31m\u{202E}txt"

    @Test func serverStringsNeverReachTheTerminalAsControls() async throws {
        let fixture = try await ServerFixture.make()
        let repo = fixture.server.directory + "/hostile-repo"
        try FileManager.default.createDirectory(atPath: repo, withIntermediateDirectories: true)
        let project = try await fixture.rest.createProject(
            CreateProjectRequest(name: Self.hostile, repoPath: repo, tmuxSession: "proj"))
        _ = try await fixture.rest.startSession(projectId: project.id)
        let home = try TempDirectory()
        let result = try await CLIRunner.run(
            ["sessions", "--url", fixture.server.url.absoluteString], home: home.path)
        #expect(result.status == 0, "\(result.stderr)")
        let active = result.stdout.unicodeScalars.filter {
            ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || $0.value == 0x202E
        }
        #expect(active.isEmpty, "control characters in: \(result.stdout.debugDescription)")
        #expect(result.stdout.contains(#"evil\x1b]0;pwned\x07"#))
        #expect(result.stdout.contains(#"\u{202e}txt"#))
    }

    @Test func aClosedPipeEndsTheCommandQuietly() async throws {
        let fixture = try await ServerFixture.make()
        let home = try TempDirectory()
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        close(fds[0])  // the reader is gone before anything is written, as after `head` exits
        let errPath = home.path + "/stderr.txt"
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        let process = Process()
        process.executableURL = CLIRunner.executable("claudepm")
        process.arguments = ["sessions", "--json", "--url", fixture.server.url.absoluteString]
        process.environment = ["HOME": home.path, "PATH": "/usr/bin:/bin", "XDG_CONFIG_HOME": home.path + "/config"]
        process.standardOutput = FileHandle(fileDescriptor: fds[1], closeOnDealloc: true)
        process.standardError = FileHandle(forWritingAtPath: errPath)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let status = await ChildWait.exit(of: process).shellStatus
        let stderr = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
        #expect(status == 128 + SIGPIPE, "status \(status): \(stderr)")
        #expect(!stderr.contains("Fatal error") && stderr.isEmpty, "stderr: \(stderr)")
    }
}

extension CLIHygieneTests {
    @Test func notificationsShowAgesNotTimestamps() async throws {
        let fixture = try await ServerFixture.make()
        let home = try TempDirectory()
        let hook =
            #"{"hook_event_name":"Notification","notification_type":"permission_prompt","claudepm_session_id":""#
            + fixture.sessionId + #""}"#
        _ = try await fixture.rest.perform(
            "POST", "/api/hooks/claude", body: Data(hook.utf8), resource: "hook")
        let listed = await eventually {
            let result = try? await CLIRunner.run(
                ["notifications", "--url", fixture.server.url.absoluteString], home: home.path)
            return result?.stdout.contains("waiting_input") == true
        }
        #expect(listed, "no notification appeared")
        let result = try await CLIRunner.run(
            ["notifications", "--url", fixture.server.url.absoluteString], home: home.path)
        let row = result.stdout.split(separator: "\n").first { $0.contains("waiting_input") } ?? ""
        #expect(row.hasPrefix("now") || row.contains("s ago"), "row: \(row)")
        #expect(row.range(of: #"[0-9]{4}-[0-9]{2}-[0-9]{2}T"#, options: .regularExpression) == nil, "row: \(row)")
    }
}
