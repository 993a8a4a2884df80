// How much a pane's journal keeps: by size and by age, oldest segments first. The defaults suit
// a laptop: 64 MiB and a day per pane (a busy Claude session writes a few MiB an hour).

/// Bounds of the journal.
public struct JournalSettings: Sendable, Equatable {
    /// Bytes kept per pane (its segments together).
    public var maxBytes: Int
    /// How long a record is kept, in seconds.
    public var maxAgeSeconds: Int
    /// A keyframe (the screen's exact image) at least this often while output flows, in seconds…
    public var keyframeSeconds: Int
    /// …and after this many bytes of output.
    public var keyframeBytes: Int

    /// The defaults.
    public init(
        maxBytes: Int = 64 << 20, maxAgeSeconds: Int = 86_400, keyframeSeconds: Int = 30, keyframeBytes: Int = 256 << 10
    ) {
        self.maxBytes = maxBytes
        self.maxAgeSeconds = maxAgeSeconds
        self.keyframeSeconds = keyframeSeconds
        self.keyframeBytes = keyframeBytes
    }

    /// One segment's size: an eighth of the total, at least 64 KiB.
    var segmentBytes: Int { max(maxBytes / 8, 64 << 10) }
}
