// The replay viewer's keys, vim- and player-like: space plays, h/l (←/→) step by burst, ,/. by
// event, [/] by marker, g/G (Home/End) to the ends, +/- change the speed, q or Esc leave.

/// What a key does in the replay viewer.
public enum ReplayKeyAction: Equatable, Sendable {
    /// Move or play.
    case command(ReplayControl)
    /// Leave the viewer.
    case quit
}

/// The replay viewer's key map.
public enum ReplayKeys {
    /// What `key` does, or nil for a key the viewer does not use.
    public static func action(for key: AppKey) -> ReplayKeyAction? {
        switch key {
        case .char("q"), .escape, .ctrl("c"): return .quit
        case .char(" "), .char("p"): return .command(.togglePlay)
        case .char("l"), .right: return .command(.nextBurst)
        case .char("h"), .left: return .command(.previousBurst)
        case .char("."): return .command(.nextEvent)
        case .char(","): return .command(.previousEvent)
        case .char("]"): return .command(.nextMarker)
        case .char("["): return .command(.previousMarker)
        case .char("g"), .home: return .command(.start)
        case .char("G"), .end: return .command(.end)
        case .char("+"), .char("="): return .command(.faster)
        case .char("-"): return .command(.slower)
        default: return nil
        }
    }
}
