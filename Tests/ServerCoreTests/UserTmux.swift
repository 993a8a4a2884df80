// A user's own tmux for the do-no-harm tests: session `user` with three windows (the first
// current; the second split in three panes, one of them narrowed by hand, so its layout is the
// user's own; the third with a `window-size` of its own), under a global `window-size` of the
// test's choosing, and a real tmux client of the user attached on a PTY at 100×32 (its windows
// are 100×31 under its status line), a size different from every viewer's.
import Foundation
import TestSupport
import Testing

@testable import ServerCore

struct UserTmux {
    let sandbox: TmuxSandbox
    let session = "user"
    /// Window ids, in creation order.
    let windows: [String]
    /// The first pane of each window.
    let panes: [String]
    /// The window option the third window has of its own.
    let ownOption: String
    let client: PTYProcess
    let output: OutputCollector

    /// Builds the user's tmux under `mode` with the client attached.
    static func start(_ sandbox: TmuxSandbox, mode: String) async throws -> UserTmux {
        let tmux = sandbox.tmux
        let first = try await tmux.newSession(
            name: "user", cwd: "/tmp", command: ["/bin/sh", "-c", "exec cat"], environment: [:], width: 100,
            height: 31)
        var windows = [try await tmux.run(["display-message", "-p", "-t", first.id, "#{window_id}"]).trimmed]
        var panes = [first.id]
        for _ in 0..<2 {
            let made = try await tmux.run([
                "new-window", "-d", "-t", "=user:", "-P", "-F", "#{window_id} #{pane_id}", "/bin/sh", "-c", "exec cat",
            ]).trimmed.split(separator: " ")
            windows.append(String(made[0]))
            panes.append(String(made[1]))
        }
        for _ in 0..<2 {
            try await tmux.run(["split-window", "-d", "-h", "-t", panes[1], "/bin/sh", "-c", "exec cat"])
        }
        try await tmux.run(["resize-pane", "-t", panes[1], "-x", "17"])
        let own = mode == "smallest" ? "largest" : "smallest"
        try await tmux.run(["set-option", "-w", "-t", windows[2], "window-size", own])
        try await tmux.run(["set-option", "-g", "window-size", mode])
        let client = try PTYProcess.spawn(
            executable: tmux.executable, arguments: tmux.baseArguments + ["attach-session", "-t", "=user"],
            environment: [:], cwd: nil, cols: 100, rows: 32)
        let user = UserTmux(
            sandbox: sandbox, windows: windows, panes: panes, ownOption: own, client: client,
            output: OutputCollector(client))
        let attached = await eventually {
            (try? await tmux.run(["list-clients", "-F", "#{client_width}x#{client_height}"]))?.trimmed == "100x32"
        }
        try #require(attached, "the user's client did not attach")
        return user
    }

    /// The state claudepm must leave as it was.
    func state() async throws -> String {
        let tmux = sandbox.tmux
        return try await TmuxUserState.capture { try await tmux.run($0) }
    }

    /// The size of window `index`, e.g. `140x39`.
    func size(_ index: Int) async throws -> String {
        let tmux = sandbox.tmux
        return try await TmuxUserState.size(of: windows[index]) { try await tmux.run($0) }
    }

    /// Waits until the state is `expected`; records the difference when it never is.
    func expectState(
        _ expected: String, _ comment: String, sourceLocation: SourceLocation = #_sourceLocation
    )
        async
    {
        let same = await eventually { (try? await state()) == expected }
        if !same {
            let now = (try? await state()) ?? ""
            Issue.record("\(comment):\n\(TmuxUserState.difference(expected, now))", sourceLocation: sourceLocation)
        }
    }

    func stop() async {
        client.terminate()
        _ = await client.waitForExit()
    }
}

extension String {
    var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
