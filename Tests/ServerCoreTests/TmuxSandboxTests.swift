// Test helpers shared by the tmux, PTY and demo tests: a private tmux server per test and polling
// for eventual conditions with a generous deadline (never a fixed sleep as the success criterion).
import Foundation
import TestSupport
import Testing

@testable import ServerCore

/// A private tmux server (`-L claudepm-test-<uuid>`, no config file), killed by `shutdown()`.
struct TmuxSandbox {
    let tmux = Tmux(socketName: "claudepm-test-\(UUID().uuidString.prefix(12))", configFile: "/dev/null")

    /// A fresh unique session name.
    static func sessionName(_ prefix: String = "s") -> String { "\(prefix)-\(UUID().uuidString.prefix(8))" }

    /// Runs `body` with a sandbox and always kills its server afterwards.
    static func with<T>(_ body: (TmuxSandbox) async throws -> T) async throws -> T {
        let sandbox = TmuxSandbox()
        do {
            let result = try await body(sandbox)
            await sandbox.tmux.killServer()
            return result
        } catch {
            await sandbox.tmux.killServer()
            throw error
        }
    }

    /// The pane's visible text joined with newlines.
    func screen(_ paneID: String) async -> String {
        (try? await tmux.capturePane(paneID, historyLines: 0, escapes: false).joined(separator: "\n")) ?? ""
    }
}

@Suite struct TmuxSandboxTests {
    @Test func sandboxServerIsGoneAfterShutdown() async throws {
        let sandbox = TmuxSandbox()
        _ = try await sandbox.tmux.newSession(
            name: "x", cwd: "/tmp", command: ["sleep", "3600"], environment: [:], width: 40, height: 10)
        #expect(try await sandbox.tmux.listPanes(session: nil).count == 1)
        await sandbox.tmux.killServer()
        #expect(try await sandbox.tmux.listPanes(session: nil).isEmpty)
    }
}
