// A real tmux client of the user: `tmux attach` to a session of the user's tmux server, running
// in a pane of a harness of its own at a size of its own (never claudepm's), so it takes part in
// sizing windows under `latest`, `largest` and `smallest` exactly as a person's terminal does.
import Foundation
import TestSupport

/// The user's own terminal attached to their tmux.
struct UserClient {
    let harness: TmuxHarness
    /// The user's tmux server (`tmux -L`).
    let socket: String

    /// Attaches to `session` of `socket` in a `cols`×`rows` terminal and waits until tmux lists
    /// the client.
    static func attach(
        socket: String, session: String, cols: Int, rows: Int, environment: [String: String]
    ) async throws -> UserClient {
        let command = [
            "/usr/bin/env", "-u", "TMUX", TmuxHarness.tmuxPath, "-L", socket, "-f", "/dev/null", "attach-session",
            "-t", "=\(session)",
        ]
        let harness = try await TmuxHarness.start(command: command, cols: cols, rows: rows, environment: environment)
        let client = UserClient(harness: harness, socket: socket)
        let attached = await eventually {
            let clients = try? await TmuxHarness.run(
                socket: socket, ["list-clients", "-F", "#{session_name}"], environment: [:])
            return clients?.split(separator: "\n").contains { $0 == session } == true
        }
        guard attached else {
            await harness.stop()
            throw EndToEndError.commandFailed(argv: command, status: -1, output: await harness.screen())
        }
        return client
    }

    /// The user's tmux state (TmuxUserState).
    func state() async throws -> String {
        let socket = socket
        return try await TmuxUserState.capture { try await TmuxHarness.run(socket: socket, $0, environment: [:]) }
    }

    /// The size of `window`, e.g. `140x39`.
    func size(of window: String) async throws -> String {
        let socket = socket
        return try await TmuxUserState.size(of: window) {
            try await TmuxHarness.run(socket: socket, $0, environment: [:])
        }
    }

    /// Detaches the user's client (its harness goes).
    func stop() async { await harness.stop() }
}
