// Bytes and frames a terminal stream delivered since it was opened, for `:stats`.

/// What one terminal stream has delivered.
struct StreamCounters: Equatable, Sendable {
    /// Output bytes fed to the session's screen.
    var bytes = 0
    /// Output frames (each `pty:output` or snapshot counts once).
    var frames = 0
}
