// Whether a pane lives, and in which session, asked through a control client: an attach used to
// start two tmux client processes for this (`display-message`, for liveness and then for the
// session), a few milliseconds each on the path from Enter to the attached screen.
import Foundation

/// What a control client says about a pane.
public enum PaneLookup: Sendable, Equatable {
    /// The pane exists and its program runs; `session` is the tmux session it is in now.
    case alive(session: String)
    /// No such pane, or its program has exited.
    case gone
    /// The control client could not be asked (the caller asks another way).
    case unknown
}

extension PaneStreams {
    /// Looks `pane` up through `session`'s control client (started if there is none).
    public func lookUp(pane: String, session: String) async -> PaneLookup {
        guard (try? TmuxArgument.validatePaneID(pane)) != nil,
            let reply = try? await run(session: session, [["display-message", "-p", "-t", pane, Self.lookupFormat]])
                .first
        else { return .unknown }
        guard reply.success else { return .gone }
        return Self.parseLookup(reply.text, pane: pane)
    }

    /// Pane id, whether dead, then the session name (which may hold spaces, so it comes last).
    static let lookupFormat = "#{pane_id} #{pane_dead} #{session_name}"

    /// Reads `lookupFormat`'s line for `pane`; none means the pane is gone (tmux prints an empty
    /// line for a pane that does not exist, as `Tmux.pane` reads it too).
    static func parseLookup(_ lines: [String], pane: String) -> PaneLookup {
        for line in lines {
            let fields = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3, fields[0] == pane else { continue }
            return fields[1] == "1" || fields[2].isEmpty ? .gone : .alive(session: String(fields[2]))
        }
        return .gone
    }
}
