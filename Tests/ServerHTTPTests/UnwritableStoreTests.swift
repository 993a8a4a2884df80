// A database that cannot be written is reported, and a session start it refuses leaves nothing
// in tmux. The store's files are made immutable (`chattr +i`) while the server runs: a write then
// fails even for root and through descriptors already open, as it does for a user whose data
// files became read-only or whose disk filled. (File modes stop no root process, and CI runs as
// root, so modes cannot make this case here.) Once the files are writable again, health recovers
// without a restart and a start works.
import Foundation
import ServerCore
import TestSupport
import Testing

@testable import ServerHTTP

@Suite(
    .enabled(if: Immutable.isAvailable, "needs chattr +i: root and a file system with file attributes"),
    .enabled(if: !TestStore.usesPostgres, "the SQLite store's files"))
struct UnwritableStoreTests {
    @Test func healthIsDegradedAndAFailedStartLeavesNoWindow() async throws {
        try await TestServer.with { s in
            let project = try await s.createProject()
            let data = s.root.appendingPathComponent("data/claudepm.sqlite").path
            let files = [data, data + "-wal"].filter { FileManager.default.fileExists(atPath: $0) }
            let before = try await Self.windows(s)
            #expect(try await s.request("GET", "/api/health").json?["status"]?.stringValue == "healthy")
            try await Immutable.set(files, true)
            do {
                let start = try await s.request("POST", "/api/projects/\(project)/sessions", body: "{}")
                #expect(start.status == 503)
                #expect(start.json?["error"]?.stringValue == "Database unavailable")
                #expect(start.json?["message"]?.stringValue?.hasPrefix("cannot write: ") == true, "\(start.json!)")
                #expect(try await Self.windows(s) == before, "the pane made for the session is gone again")
                let health = try await s.request("GET", "/api/health")
                #expect(health.status == 200)
                #expect(health.json?["status"]?.stringValue == "degraded")
                #expect(health.json?["database"]?.stringValue == "disconnected")
                #expect(health.json?["databaseError"]?.stringValue?.hasPrefix("sqlite: cannot write: ") == true)
            } catch {
                try await Immutable.set(files, false)
                throw error
            }
            try await Immutable.set(files, false)
            let healthy = try await s.request("GET", "/api/health")
            #expect(healthy.json?["status"]?.stringValue == "healthy", "recovers without a restart")
            #expect(healthy.json?["databaseError"] == nil)
            #expect(try await s.request("POST", "/api/projects/\(project)/sessions", body: "{}").status == 201)
            #expect(try await Self.windows(s).count == before.count + 1)
        }
    }

    /// The tmux session's windows: index, id and size.
    static func windows(_ s: TestServer) async throws -> [String] {
        try await s.tmux.run([
            "list-windows", "-t", "=main:", "-F", "#{window_index} #{window_id} #{window_width}x#{window_height}",
        ])
        .split(separator: "\n").map(String.init)
    }
}

/// `chattr +i` / `-i`: an immutable file cannot be written by anyone, through any descriptor.
enum Immutable {
    /// True when chattr works here (root, with CAP_LINUX_IMMUTABLE, on a file system with attributes).
    static let isAvailable: Bool = {
        let probe = FileManager.default.temporaryDirectory.appendingPathComponent("cpm-chattr-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: probe.path, contents: Data("x".utf8)) else { return false }
        defer { try? FileManager.default.removeItem(at: probe) }
        guard run(["+i", probe.path]) == 0 else { return false }
        let blocked = (try? Data("y".utf8).write(to: probe)) == nil
        return run(["-i", probe.path]) == 0 && blocked
    }()

    /// Sets (`on`) or clears the immutable attribute of `paths`.
    static func set(_ paths: [String], _ on: Bool) async throws {
        let status = await offPool { run([on ? "+i" : "-i"] + paths) }
        guard status == 0 else { throw TestFailure("chattr \(on ? "+i" : "-i") failed: \(status)") }
    }

    private static func run(_ arguments: [String]) -> Int32 {
        guard let pid = try? Subprocess.spawn(["/usr/bin/chattr"] + arguments, environment: [:]) else { return -1 }
        return ChildWait.exitStatus(ofPID: pid)
    }
}
