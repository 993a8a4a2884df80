// claudepm's journal extension (docs/compatibility.md; the upstream server has no such routes):
// what `GET /api/sessions/:id/journal` says of a session's recorded output. Times are integer
// milliseconds since the epoch.
import Foundation

/// A session's journal: its range, size, marks and bursts of activity.
public struct JournalSummary: Sendable, Equatable, Codable {
    /// The session.
    public var sessionId: String
    /// The first record's time, nil when nothing is recorded.
    public var fromMs: Int64?
    /// The last record's time, nil when nothing is recorded.
    public var toMs: Int64?
    /// Output bytes kept.
    public var bytes: Int64
    /// Marks on the timeline (a wait began, an answer, a status change, a notification).
    public var marks: [JournalMark]
    /// Bursts of output.
    public var activity: [JournalActivity]
    /// False when the server records no journal (`--no-journal`); absent means on.
    public var enabled: Bool?

    enum CodingKeys: String, CodingKey {
        case sessionId = "session_id"
        case fromMs = "from_ms"
        case toMs = "to_ms"
        case bytes, marks, activity, enabled
    }

    /// Memberwise initializer.
    public init(
        sessionId: String, fromMs: Int64?, toMs: Int64?, bytes: Int64, marks: [JournalMark],
        activity: [JournalActivity], enabled: Bool? = nil
    ) {
        self.sessionId = sessionId
        self.fromMs = fromMs
        self.toMs = toMs
        self.bytes = bytes
        self.marks = marks
        self.activity = activity
        self.enabled = enabled
    }
}

/// A mark on a session's timeline.
public struct JournalMark: Sendable, Equatable, Codable {
    /// When.
    public var atMs: Int64
    /// What kind (`waiting`, `answered`, `status`, `notification`, …).
    public var kind: String
    /// A short text.
    public var text: String

    enum CodingKeys: String, CodingKey {
        case atMs = "at_ms"
        case kind, text
    }

    /// Memberwise initializer.
    public init(atMs: Int64, kind: String, text: String) {
        self.atMs = atMs
        self.kind = kind
        self.text = text
    }
}

/// A burst of output.
public struct JournalActivity: Sendable, Equatable, Codable {
    /// Its first byte's time.
    public var fromMs: Int64
    /// Its last byte's time.
    public var toMs: Int64
    /// Bytes in it.
    public var bytes: Int64

    enum CodingKeys: String, CodingKey {
        case fromMs = "from_ms"
        case toMs = "to_ms"
        case bytes
    }

    /// Memberwise initializer.
    public init(fromMs: Int64, toMs: Int64, bytes: Int64) {
        self.fromMs = fromMs
        self.toMs = toMs
        self.bytes = bytes
    }
}
