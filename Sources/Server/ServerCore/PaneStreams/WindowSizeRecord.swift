// A window claudepm sized for an interactive viewer: the state it had before (read before
// anything was changed) and every size claudepm gave it since. `restorePlan` decides, from the
// window as it is now, how to put it back exactly, or that it must be left alone:
// - gone (no such window on that tmux server any more, or the tmux server was restarted);
// - already as it was;
// - changed by someone else since: its own `window-size` is no longer the `manual` that
//   `resize-window` set, or its size is none that claudepm gave it. Then claudepm leaves it as the
//   user made it (their change wins over claudepm's memory of the older state);
// - otherwise: `resize-window` back to the old size (tmux applies it at once, even to a window no
//   client shows), `select-layout` with the old layout when the same panes are there and nothing
//   is zoomed (growing and shrinking a window rounds its panes' sizes), and the window's own
//   `window-size` set back to the value it had, or unset only when it had none. Under `latest`,
//   `largest` and `smallest` tmux then sizes the window for the user's clients as it would have.

/// What claudepm must put back for one window.
struct WindowSizeRecord: Codable, Equatable, Sendable {
    /// The tmux session whose control client sized the window (restores go through it).
    var session: String
    /// The window before claudepm changed anything.
    var prior: WindowSizeState
    /// Sizes claudepm gave the window, oldest first (at most `appliedLimit`).
    var applied: [WindowSize]

    /// How many applied sizes are remembered (a size persisted just before a crash may not have
    /// reached tmux, so the one before it must still be recognised).
    static let appliedLimit = 8

    /// The same record with `size` as the newest size claudepm gave the window.
    func applying(_ size: WindowSize) -> WindowSizeRecord {
        var next = self
        next.applied = Array((applied.filter { $0 != size } + [size]).suffix(Self.appliedLimit))
        return next
    }

    /// The window this record is about.
    var ref: WindowRef { prior.ref }

    /// How to put the window back, given what tmux says now.
    enum Plan: Equatable, Sendable {
        /// The window no longer exists on that tmux server: nothing to do.
        case gone
        /// The window is as it was.
        case unchanged
        /// Someone changed the window since claudepm sized it: it is left alone (the reason says how).
        case changedByOthers(String)
        /// Run these (through a control client).
        case commands([[String]])
    }

    /// The plan for `current` (nil: the window is gone from the record's tmux server).
    func restorePlan(current: WindowSizeState?) -> Plan {
        guard let current, current.server == prior.server, current.windowId == prior.windowId else { return .gone }
        if current.option == prior.option, current.size == prior.size, current.layout == prior.layout {
            return .unchanged
        }
        if current.option != "manual" {
            return .changedByOthers("its window-size is now \(current.option ?? "inherited"), not manual")
        }
        if current.size != prior.size, !applied.contains(current.size) {
            return .changedByOthers("it is now \(current.size.cols)×\(current.size.rows), a size claudepm did not set")
        }
        let window = prior.windowId
        var commands: [[String]] = []
        if current.size != prior.size {
            commands.append(["resize-window", "-t", window, "-x", "\(prior.size.cols)", "-y", "\(prior.size.rows)"])
        }
        if prior.panes.count > 1, current.panes == prior.panes, !prior.zoomed, !current.zoomed {
            commands.append(["select-layout", "-t", window, prior.layout])
        }
        if let option = prior.option {
            commands.append(["set-option", "-w", "-t", window, "window-size", option])
        } else {
            commands.append(["set-option", "-w", "-u", "-t", window, "window-size"])
        }
        return .commands(commands)
    }
}
