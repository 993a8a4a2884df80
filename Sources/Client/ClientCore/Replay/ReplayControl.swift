// What a key asks of the replay viewer (`claudepm replay`): pure intent, applied by ReplayPlayer.

/// A command of the replay viewer.
public enum ReplayControl: Equatable, Sendable {
    /// Play or pause (space).
    case togglePlay
    /// To the end of the next burst of output: a screen as it stood when the program paused.
    case nextBurst
    /// To the end of the burst before the one shown.
    case previousBurst
    /// One event on or back.
    case nextEvent
    /// One event back.
    case previousEvent
    /// To the next or previous marker.
    case nextMarker
    /// To the previous marker.
    case previousMarker
    /// To the start (nothing drawn yet) or the end (the final screen).
    case start
    /// To the end.
    case end
    /// Double or halve the speed (×1/16 to ×64).
    case faster
    /// Halve the speed.
    case slower
}
