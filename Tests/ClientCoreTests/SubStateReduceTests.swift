// The board's and triage's own reducers, without an AppState around them: card and column moves
// and chips on the board; triage's jump order among the candidates, its memory of where it
// started, and a search that finds nothing leaving the queue's cursor alone.
import ClaudePMProtocol
import ClientCore
import Foundation
import Testing

@Suite struct SubStateReduceTests {
    static func board() -> BoardState {
        var board = BoardState()
        board.tickets = [
            AppTicket(id: "t1", key: "CSM-1", title: "One", state: .backlog, prefix: "CSM"),
            AppTicket(id: "t2", key: "CSM-2", title: "Two", state: .backlog, prefix: "CSM"),
            AppTicket(id: "t3", key: "OPS-1", title: "Three", state: .backlog, prefix: "OPS"),
            AppTicket(id: "t4", key: nil, title: "Four", state: .review, prefix: "ADHOC", isAdhoc: true),
        ]
        return board
    }

    @Test func cardsAndColumnsMoveWithinTheBoard() {
        var board = Self.board()
        #expect(board.reduce(.down) == .done)
        #expect(board.focusedTicket?.id == "t2")
        _ = board.reduce(.bottom)
        #expect(board.focusedTicket?.id == "t3")
        _ = board.reduce(.top)
        #expect(board.focusedTicket?.id == "t1")
        _ = board.reduce(.left)
        #expect(board.column == .backlog, "the first column is the left edge")
        for _ in 0..<5 { _ = board.reduce(.right) }
        #expect(board.column == .done, "the last column is the right edge")
        _ = board.reduce(.down)
        #expect(board.rows[.done] == nil, "an empty column has no card to move to")
    }

    @Test func chipsFilterTheCardsAndTakeTheKeysWhileFocused() {
        var board = Self.board()
        _ = board.reduce(.toggleChips)
        #expect(board.chipCursor == 0)
        // Chips are All, ADHOC, CSM, OPS.
        _ = board.reduce(.right)
        _ = board.reduce(.right)
        _ = board.reduce(.toggleChip)
        #expect(board.selectedPrefixes == ["CSM"])
        #expect(board.cards(in: .backlog).map(\.id) == ["t1", "t2"])
        #expect(board.reduce(.approve) == .done, "a ticket action does nothing while the chips have the keys")
        _ = board.reduce(.left)
        _ = board.reduce(.left)
        _ = board.reduce(.open)
        #expect(board.selectedPrefixes.isEmpty, "All clears the filter")
        _ = board.reduce(.back)
        #expect(board.chipCursor == nil)
    }

    @Test func theAppsStepsAreNamed() {
        var board = Self.board()
        #expect(board.reduce(.back) == .leave)
        #expect(board.reduce(.pickProject) == .pickProject)
        #expect(board.reduce(.approve) == .ticket(.approve))
        #expect(board.focusedTicket?.id == "t1", "a ticket action leaves the focus")
    }

    static let a = SessionKey(server: "s", sessionId: "a")
    static let b = SessionKey(server: "s", sessionId: "b")
    static let c = SessionKey(server: "s", sessionId: "c")
    static let epoch = Date(timeIntervalSince1970: 1_800_000_000)

    /// a waits on a permission prompt (first), b and c on questions, b the longer.
    static func triage() -> TriageState {
        var triage = TriageState()
        triage.queue.update(a, waiting: true, reason: .permissionPrompt, since: epoch)
        triage.queue.update(b, waiting: true, reason: .question, since: epoch.addingTimeInterval(-60))
        triage.queue.update(c, waiting: true, reason: .question, since: epoch.addingTimeInterval(-30))
        return triage
    }

    @Test func jumpsGoThroughTheCandidatesInOrderAndRememberTheStart() {
        var triage = Self.triage()
        let now = MonotonicTime.zero
        let all: Set = [Self.a, Self.b, Self.c]
        #expect(triage.jump(among: all, now: now, from: .board, selection: Self.c) == Self.a)
        #expect(triage.jump(among: all, now: now, from: .attached(Self.a), selection: Self.a) == Self.b)
        #expect(triage.jump(among: [Self.a, Self.c], now: now, from: .attached(Self.b), selection: Self.b) == Self.c)
        #expect(triage.jump(among: all, now: now, from: .attached(Self.c), selection: Self.c) == Self.a, "it wraps")
        #expect(triage.takeReturn() == TriageState.Return(page: .board, selection: Self.c), "the first jump's start")
        #expect(triage.takeReturn() == nil, "returned once")
        #expect(triage.jump(among: all, now: now, from: .sessions, selection: nil) == Self.a, "started over")
    }

    @Test func aJumpWithNoCandidateLeavesTheCursor() {
        var triage = Self.triage()
        let now = MonotonicTime.zero
        #expect(triage.jump(among: [Self.a, Self.b, Self.c], now: now, from: .sessions, selection: nil) == Self.a)
        let before = triage
        #expect(triage.jump(among: [], now: now, from: .attached(Self.a), selection: Self.a) == nil)
        #expect(triage == before)
        #expect(triage.jump(among: [Self.a, Self.b, Self.c], now: now, from: .sessions, selection: nil) == Self.b)
    }
}
