// PTYChannel: placeholder until ClientNetwork's PTYConnection lands; tiles stay empty.
import ClientCore

/// A `TerminalChannel` backed by a PTY WebSocket (not yet available).
enum PTYChannel {
    /// Opens a stream for `key`; nil while PTY connections are not available.
    static func open(
        server: RuntimeServer, key: SessionKey, cols: Int, rows: Int, readOnly: Bool, generation: Int,
        queue: EventQueue<RuntimeEvent>
    ) -> (any TerminalChannel)? {
        nil
    }
}
