// A scratch directory and a tmux server of its own for a test that starts a plain claudepm-server
// (not the demo): `with` hands both to the test, with the environment its processes get, and
// removes them however the test ends.
import Foundation

/// A test's own directory and tmux socket.
struct PlainStage {
    /// The scratch directory.
    let directory: URL
    /// The tmux socket name (`-L`).
    let socket: String
    /// The environment for the processes of the test (`UIWorld.environment`).
    let environment: [String: String]

    /// Runs `body` on a new stage named after `name`, then kills its tmux server and removes it.
    static func with(_ name: String, _ body: (PlainStage) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("claudepm-\(name)-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let stage = PlainStage(
            directory: directory, socket: "claudepm-e2e-\(name)-\(UUID().uuidString.prefix(8))",
            environment: UIWorld.environment(directory))
        defer { try? FileManager.default.removeItem(at: directory) }
        defer {
            Task { [socket = stage.socket] in
                _ = try? await TmuxHarness.run(socket: socket, ["kill-server"], environment: [:])
                TmuxHarness.removeSocketFile(socket)
            }
        }
        try await body(stage)
    }

    /// Runs `arguments` on the stage's tmux server.
    func tmux(_ arguments: [String]) async throws -> String {
        try await TmuxHarness.run(socket: socket, arguments, environment: environment)
    }
}
