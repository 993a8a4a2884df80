// The in-memory state of a session the supervisor tracks: its pane, output ring buffer and what
// its last capture showed. Sessions not in this registry have no /output and empty bufferLines,
// as upstream.

/// In-memory state of a tracked session.
struct LiveSession: Sendable {
    var id: String
    var paneId: String
    var projectId: String
    var ticketId: String?
    var buffer: [String] = []
    var lastCaptureHash: Int?
    /// The content of the last capture: a new capture that only lays it out again (a resize) is
    /// not output.
    var lastContent: CaptureContent?
    /// The tmux session whose control client reported the pane, once known.
    var tmuxSession: String?
    /// When the last `session:output` went out.
    var lastPublished: ContinuousClock.Instant?
    /// A trailing publish is scheduled.
    var publishScheduled = false

    /// Appends a snapshot to the ring buffer, trimming to `limit` lines.
    mutating func append(_ lines: [String], limit: Int) {
        buffer.append(contentsOf: lines)
        if buffer.count > limit { buffer.removeFirst(buffer.count - limit) }
    }
}
