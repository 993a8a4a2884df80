// What one terminal stream tells the UI, in order: its status, its bytes, and facts about its
// link. ClientNetwork's PTYConnection produces these (from PTYConnectionMachine's actions and the
// socket's frames); the runtime posts them to the UI loop unchanged, tagged with the stream.

/// What the UI receives.
public enum PTYOutput: Sendable, Equatable {
    /// The connection status (attaching, attached, reconnecting n/10, exited, failed).
    case status(PTYStatus)
    /// Terminal output bytes (the UTF-8 of `pty:output.data`).
    case bytes([UInt8])
    /// A pane stream starts over: reset the emulator (screen and scrollback), size it
    /// `cols`×`rows` and feed `bytes` (`pty:snapshot`, our server's extension).
    case snapshot(cols: Int, rows: Int, bytes: [UInt8])
    /// Reset the local emulator before the fresh redraw of a re-attach.
    case resetTerminal
    /// Input was dropped: typed while the link was down or in doubt (discarded once a new
    /// link attached, never replayed), or not yet sent when the link dropped.
    case droppedInput(count: Int)
    /// A pong is late: nothing heard for `silentFor` (when reported); nil: heard again.
    case late(silentFor: Duration?)
    /// Bytes of input held, unsent, while the link is in doubt or down (0: none).
    case heldInput(bytes: Int)
    /// A transient problem to show.
    case notice(String)
    /// Bytes of input that went out just before the link dropped, never confirmed: they may not
    /// have arrived.
    case unconfirmedInput(count: Int)
    /// A new ping round-trip measurement.
    case roundTrip(RoundTrip)
}
