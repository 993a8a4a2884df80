// tmux copy mode for one pane: whether the pane is in a mode, entering it, half-page scrolling
// and leaving it. Used by `POST /api/sessions/:id/scroll`; every call is an argv.
import Foundation

extension Tmux {
    /// True while the pane shows a mode such as copy mode (`pane_in_mode`).
    public func isInMode(_ paneID: String) async throws -> Bool {
        try TmuxArgument.validatePaneID(paneID)
        let output = try await runCommands([["display-message", "-p", "-t", paneID, "#{pane_in_mode}"]])
        return output.trimmingCharacters(in: .whitespacesAndNewlines) == "1"
    }

    /// Puts the pane in copy mode (a no-op when it already is).
    public func enterCopyMode(_ paneID: String) async throws {
        try TmuxArgument.validatePaneID(paneID)
        try await runCommands([["copy-mode", "-t", paneID]])
    }

    /// Runs one copy-mode command (`send-keys -X`), e.g. `halfpage-up`, `halfpage-down`, `cancel`.
    public func copyModeCommand(_ paneID: String, _ command: String) async throws {
        try TmuxArgument.validatePaneID(paneID)
        try await runCommands([["send-keys", "-t", paneID, "-X", command]])
    }
}
