// The session list's `/` filter: typed text narrows the list and the wall to the sessions whose
// name, project, ticket, pane command or id contains it (case-insensitive, SessionSearchText). The
// matching slots are kept and recomputed only when the text or the sessions change, so frames and
// keys stay cheap with thousands of sessions.

/// The `/` filter of the session list.
public struct SessionFilter: Equatable, Sendable {
    /// The filter text ("" shows every session).
    public var text = ""
    /// True while the text is being typed (keys edit it).
    public var editing = false
    /// The sessions that match `text`, in display order, with counts and indexes (valid for
    /// `basis`).
    public private(set) var summary = SlotSummary()
    /// The sessions that match `text`, in display order.
    public var slots: [SessionSlot] { summary.slots }
    private var basis: (text: String, revision: Int)?

    /// An empty filter.
    public init() {}

    /// True when a filter text narrows the list.
    public var isActive: Bool { !text.isEmpty }

    public static func == (a: SessionFilter, b: SessionFilter) -> Bool {
        a.text == b.text && a.editing == b.editing && a.summary == b.summary
    }

    /// Recomputes the matching slots if the text or the sessions changed since the last time.
    mutating func refresh(_ sessions: SessionTable) {
        guard isActive else {
            if basis != nil {
                summary = SlotSummary()
                basis = nil
            }
            return
        }
        if let basis, basis.text == text, basis.revision == sessions.revision { return }
        let needle = Array(text.lowercased().utf8)
        // A key typed at the end can only narrow the matches: search those, not every session.
        let narrowing = basis.map { $0.revision == sessions.revision && text.hasPrefix($0.text) } ?? false
        let candidates = narrowing ? summary.slots : sessions.slots
        summary = SlotSummary(candidates.filter { sessions.matches($0.key, needle: needle) })
        basis = (text, sessions.revision)
    }
}
