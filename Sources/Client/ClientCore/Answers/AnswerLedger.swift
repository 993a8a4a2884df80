// What the client remembers so that `y` and `n` answer only the prompt the user saw, once:
// - the last answer to each session's prompt and how far it got (sending, confirmed, refused,
//   in doubt): a second answer to the same prompt is refused unless the first may not have
//   arrived;
// - what the banner asks about, and since when on the monotonic clock: for `grace` after it
//   appears, changes or goes away, y/n are refused, since the key was most likely meant for
//   what was there before;
// - the prompt of the selected session: a prompt that appeared there in the last moment, or a
//   selection that moved by itself (its session ended), does not take y/n either. A selection the
//   user moved is deliberate and takes them at once.

/// The client's answers and the freshness of what y/n would answer.
public struct AnswerLedger: Equatable, Sendable {
    /// How far an answer got.
    public enum Progress: Equatable, Sendable {
        /// Sent; the server has not confirmed it yet.
        case sending
        /// Confirmed by the server.
        case delivered
        /// The server already had an answer to this prompt.
        case duplicate
        /// The server said the prompt's wait was over: sending it again is refused again.
        case expired
        /// It may not have arrived (the reason); it may be sent again.
        case inDoubt(String)
        /// Not sent or refused (the reason); it may be sent again.
        case refused(String)

        /// True when the prompt counts as answered: sending, confirmed, a known repeat or over.
        public var isFinal: Bool {
            switch self {
            case .sending, .delivered, .duplicate, .expired: true
            case .inDoubt, .refused: false
            }
        }
    }

    /// One answer and its progress.
    public struct Record: Equatable, Sendable {
        /// The answer.
        public var answer: PromptAnswer
        /// How far it got.
        public var progress: Progress
    }

    /// What a banner or the selection shows, for "did it change": a session's prompt (its
    /// waiting episode), or a notification that is about no session.
    struct Subject: Hashable, Sendable {
        var session: SessionKey?
        var prompt: PromptID?
        var notification: ClientNotification.Key?
    }

    /// The last answer to each session, by session (one per session: a new prompt replaces it).
    public internal(set) var records: [SessionKey: Record] = [:]
    var banner: Subject?
    /// When the banner's subject last changed (appeared, changed, went away).
    public internal(set) var bannerChangedAt: MonotonicTime?
    var row: Subject?
    /// When the selected session's prompt last changed without the user moving the selection.
    public internal(set) var rowChangedAt: MonotonicTime?

    /// Creates an empty ledger.
    public init() {}

    /// The record of an answer to exactly `prompt`, if any.
    public func record(for prompt: PromptID) -> Record? {
        records[prompt.session].flatMap { $0.answer.prompt == prompt ? $0 : nil }
    }

    /// Notes what the banner and the selection show after an event at `now`; `userMoved` when the
    /// event was the user's own key (a selection moved by it is deliberate).
    mutating func observe(banner: Subject?, row: Subject?, userMoved: Bool, now: MonotonicTime) {
        if banner != self.banner {
            self.banner = banner
            bannerChangedAt = now
        }
        guard row != self.row else { return }
        let sameSession = row?.session == self.row?.session
        self.row = row
        if sameSession || !userMoved { rowChangedAt = now }
    }
}
