// Creating sessions and panes, and asking tmux which panes exist.
import Foundation

extension Tmux {
    /// True when a session with exactly this name exists on this server.
    public func hasSession(_ name: String) async -> Bool {
        guard (try? TmuxArgument.validateSessionName(name)) != nil else { return false }
        return (try? await runCommands([["has-session", "-t", "=\(name)"]])) != nil
    }

    /// Creates a detached session of `width`×`height` whose first pane runs `command` (argv; nil for
    /// the default shell) in `cwd` with extra `environment` variables. Returns the first pane.
    public func newSession(
        name: String, cwd: String, command: [String]?, environment: [String: String], width: Int, height: Int
    ) async throws -> PaneInfo {
        try TmuxArgument.validateSessionName(name)
        if await isWindowSizeManual() { throw TmuxError.unsafeWhileWindowSizeManual("new-session") }
        var arguments = [
            "new-session", "-d", "-P", "-F", PaneInfo.format, "-s", TmuxArgument.escapingFormat(name),
            "-c", TmuxArgument.escapingFormat(cwd), "-x", String(max(1, width)), "-y", String(max(1, height)),
        ]
        arguments += try TmuxArgument.environmentArguments(environment)
        arguments += TmuxArgument.commandArguments(command ?? [])
        return try createdPane(try await runCommands([arguments]))
    }

    /// Creates a new pane running `command` (argv) in `cwd`, in a new window of `session` so it gets
    /// the full window size; the session's current window does not change. Returns the pane.
    ///
    /// tmux 3.3a exits (every session lost) on `new-window` and `new-session` while the global
    /// `window-size` is `manual`; `split-window` and `break-pane` are safe there, so under
    /// `manual` the pane is split off the current window and broken out into a window of its own.
    public func newPane(
        session: String, cwd: String, command: [String], environment: [String: String]
    ) async throws -> PaneInfo {
        try TmuxArgument.validateSessionName(session)
        let manual = await isWindowSizeManual()
        var arguments = [
            manual ? "split-window" : "new-window", "-d", "-P", "-F", PaneInfo.format, "-t", "=\(session):",
            "-c", TmuxArgument.escapingFormat(cwd),
        ]
        arguments += try TmuxArgument.environmentArguments(environment)
        arguments += TmuxArgument.commandArguments(command)
        let pane = try createdPane(try await runCommands([arguments]))
        guard manual else { return pane }
        try await runCommands([["break-pane", "-d", "-s", pane.id, "-t", "=\(session):"]])
        return await self.pane(pane.id) ?? pane
    }

    /// True when the server's global `window-size` option is `manual` (false if it cannot be read).
    public func isWindowSizeManual() async -> Bool {
        let value = try? await runCommands([["show-options", "-gwv", "window-size"]])
        return value?.trimmingCharacters(in: .whitespacesAndNewlines) == "manual"
    }

    /// The pane with this id, or nil if it does not exist (or no tmux server runs).
    public func pane(_ paneID: String) async -> PaneInfo? {
        guard (try? TmuxArgument.validatePaneID(paneID)) != nil,
            let output = try? await runCommands([["display-message", "-p", "-t", paneID, PaneInfo.format]])
        else { return nil }
        return PaneInfo.parseAll(output).first { $0.id == paneID }
    }

    /// Every pane of `session`, or of the whole tmux server when `session` is nil.
    /// With no server running this returns `[]`; an unknown session throws.
    public func listPanes(session: String?) async throws -> [PaneInfo] {
        var arguments = ["list-panes", "-F", PaneInfo.format]
        if let session {
            try TmuxArgument.validateSessionName(session)
            arguments += ["-s", "-t", "=\(session)"]
        } else {
            arguments.append("-a")
        }
        let output: String
        do {
            output = try await runCommands([arguments])
        } catch {
            if session == nil && error.isNoServer { return [] }
            throw error
        }
        // Panes also appear under the view sessions of attached clients; list each pane once.
        return PaneInfo.parseAll(output).filter { !$0.sessionName.contains(Self.viewMarker) }
    }

    private func createdPane(_ output: String) throws(TmuxError) -> PaneInfo {
        guard let pane = PaneInfo.parseAll(output).first else { throw .unexpectedOutput(output) }
        return pane
    }
}
