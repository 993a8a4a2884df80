// Read-only observing, action by action: on a read-only server each action that would change it
// (keys in an attached session, permission answers, ticket start/approve/reject/move, clearing
// notifications) produces no effect and a flash saying so, while the same action on a writable
// server sends its request, so every check here can fail. Watching, navigation, search, triage,
// the board and scrollback keep working.

import ClaudePMProtocol
import ClientCore
import Foundation
import Testing

@Suite struct AppReadOnlyTests {
    /// The two-server world with "local" read-only when `readOnly`.
    func world(readOnly: Bool) -> AppState {
        var state = AppWorld.state()
        if readOnly { state.readOnlyServers = ["local"] }
        return state
    }

    /// The board of "local"'s project: t1, t2 in Backlog, t3 in Review.
    func board(readOnly: Bool) -> AppState {
        var state = world(readOnly: readOnly)
        let project = AppProject(server: "local", id: "p1", name: "webapp")
        _ = state.reduce(.projectsLoaded(server: "local", projects: [project]))
        _ = state.press(.char("g"), .char("b"))
        let tickets = [
            AppTicket(id: "t1", key: "CSM-1", title: "One", state: .backlog, prefix: "CSM"),
            AppTicket(id: "t2", key: "CSM-2", title: "Two", state: .backlog, prefix: "CSM"),
            AppTicket(id: "t3", key: "CSM-3", title: "Three", state: .review, prefix: "CSM"),
        ]
        _ = state.reduce(.ticketsLoaded(project: project, tickets: tickets))
        return state
    }

    /// Presses `keys`: when read-only, the first is refused (no effect, no dialog, the flash says
    /// `word`) and the rest are not pressed; otherwise all of them together send `request`.
    func expectRefusedOrSent(
        _ state: inout AppState, _ keys: [AppKey], readOnly: Bool, sends request: NetworkEffect, word: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard readOnly, let first = keys.first else {
            let effects = keys.flatMap { state.reduce(.key($0)) }
            #expect(effects.contains(.network(request)), "\(effects)", sourceLocation: sourceLocation)
            return
        }
        let effects = state.press(first)
        #expect(!effects.contains { if case .network = $0 { true } else { false } }, sourceLocation: sourceLocation)
        #expect(state.overlay == nil, "no confirmation or editor opens", sourceLocation: sourceLocation)
        #expect(state.flash == "read-only: \(word) not sent", sourceLocation: sourceLocation)
    }

    @Test(arguments: [true, false])
    func keysInAnAttachedSessionAreNotForwarded(readOnly: Bool) {
        var state = world(readOnly: readOnly)
        let attach = state.press(.enter)
        #expect(attach.contains(.attach(AppWorld.a, state.attachSize)), "attaching works either way")
        let keys: [AppKey] = [
            .char("x"), .enter, .ctrl("c"), .tab, .paste("rm -rf /\n"), .ctrl("\\"),
            .mouse(MouseEvent(kind: .press, row: 3, col: 3)), .mouse(MouseEvent(kind: .wheelDown, row: 3, col: 3)),
        ]
        for key in keys {
            let effects = state.press(key)
            if readOnly {
                #expect(effects.isEmpty, "\(key)")
                #expect(state.flash == "read-only: keys not sent", "\(key)")
            } else {
                #expect(effects == [.forwardKey(AppWorld.a, key)], "\(key)")
                #expect(state.flash == nil)
            }
        }
        #expect(state.page == .attached(AppWorld.a))
        _ = state.press(.shiftPageUp)
        #expect(state.scrollback != nil, "scrollback works")
        _ = state.press(.char("/"), .char("o"), .enter)
        #expect(state.scrollback?.query == "o", "search in scrollback works")
        _ = state.press(.char("q"), .ctrl("]"))
        #expect(state.page == .sessions, "the detach key works")
    }

    @Test func aWritableServerStillGetsKeysWhenAnotherIsReadOnly() {
        var state = world(readOnly: true)
        state.selection = AppWorld.c
        _ = state.press(.enter)
        #expect(state.page == .attached(AppWorld.c))
        #expect(state.press(.char("x")) == [.forwardKey(AppWorld.c, .char("x"))])
    }

    @Test(arguments: [true, false], ["y", "n"])
    func answeringAPermissionBanner(readOnly: Bool, answer: Character) {
        var state = world(readOnly: readOnly)
        _ = state.reduce(AppWorld.waits(AppWorld.b, .permissionPrompt))
        #expect(state.banner?.notification.sessionKey == AppWorld.b)
        state.readBanner()
        expectRefusedOrSent(
            &state, [.char(answer)], readOnly: readOnly, sends: Self.answer(state, AppWorld.b, answer),
            word: "answer")
        #expect((state.banner != nil) == readOnly, "an unanswered prompt keeps its banner")
    }

    @Test(arguments: [true, false], ["y", "n"])
    func answeringTheSelectedSessionInTheList(readOnly: Bool, answer: Character) {
        var state = world(readOnly: readOnly)
        _ = state.reduce(AppWorld.waits(AppWorld.b, .permissionPrompt))
        _ = state.press(.char("d"), .char("j"))
        #expect(state.banner == nil)
        #expect(state.selection == AppWorld.b)
        state.readBanner()
        expectRefusedOrSent(
            &state, [.char(answer)], readOnly: readOnly, sends: Self.answer(state, AppWorld.b, answer),
            word: "answer")
    }

    /// The request `y` or `n` sends to `key`'s prompt.
    static func answer(_ state: AppState, _ key: SessionKey, _ answer: Character) -> NetworkEffect {
        guard case .network(let request) = state.answerEffect(key, answer == "y" ? .allow : .deny) else {
            return .refreshSessions(server: "none")
        }
        return request
    }

    @Test(arguments: [true, false])
    func startingASession(readOnly: Bool) {
        var state = board(readOnly: readOnly)
        expectRefusedOrSent(
            &state, [.char("s"), .char("y")], readOnly: readOnly,
            sends: .startTicketSession(server: "local", ticketID: "t1"), word: "start")
    }

    @Test(arguments: [true, false])
    func approving(readOnly: Bool) {
        var state = board(readOnly: readOnly)
        _ = state.press(.char("l"), .char("l"))
        #expect(state.board.focusedTicket?.id == "t3")
        expectRefusedOrSent(
            &state, [.char("a"), .char("y")], readOnly: readOnly,
            sends: .approveTicket(server: "local", ticketID: "t3"),
            word: "approve")
    }

    @Test(arguments: [true, false])
    func rejecting(readOnly: Bool) {
        var state = board(readOnly: readOnly)
        _ = state.press(.char("l"), .char("l"))
        expectRefusedOrSent(
            &state, [.char("x"), .char("n"), .char("o"), .enter], readOnly: readOnly,
            sends: .rejectTicket(server: "local", ticketID: "t3", feedback: "no"), word: "reject")
    }

    @Test(arguments: [true, false], [AppKey.char("m"), .char("M")])
    func moving(readOnly: Bool, key: AppKey) {
        var state = board(readOnly: readOnly)
        _ = state.press(.char("l"), .char("l"))
        let column: BoardColumn = key == .char("m") ? .done : .inProgress
        expectRefusedOrSent(
            &state, [key, .char("y")], readOnly: readOnly,
            sends: .moveTicket(server: "local", ticketID: "t3", to: column), word: "move")
        let t3 = state.board.tickets.first { $0.id == "t3" }
        #expect(t3?.state == (readOnly ? .review : column), "a refused move is not shown either")
    }

    @Test(arguments: [true, false])
    func aConfirmedOrSubmittedTicketActionIsRefusedToo(readOnly: Bool) {
        var state = board(readOnly: readOnly)
        let approve = NetworkEffect.approveTicket(server: "local", ticketID: "t3")
        state.overlay = .confirmAction(question: "Approve?", effect: approve)
        #expect(state.press(.char("y")) == (readOnly ? [] : [.network(approve)]))
        if readOnly { #expect(state.flash == "read-only: approve not sent") }
        state.overlay = .rejectFeedback(ticketID: "t2", text: "why")
        let reject = NetworkEffect.rejectTicket(server: "local", ticketID: "t2", feedback: "why")
        #expect(state.press(.enter) == (readOnly ? [] : [.network(reject)]))
        if readOnly { #expect(state.flash == "read-only: reject not sent") }
    }

    /// Notifications on both servers (read-only "local" and writable "remote").
    func withNotifications(readOnly: Bool) -> AppState {
        var state = world(readOnly: readOnly)
        let local = [AppWorld.listed("l1", .reviewReady, session: AppWorld.a)]
        _ = state.reduce(.notificationsLoaded(server: "local", items: local, resync: false))
        let remote = [AppWorld.listed("r1", .reviewReady, session: AppWorld.c)]
        _ = state.reduce(.notificationsLoaded(server: "remote", items: remote, resync: false))
        #expect(state.notifications.items.count == 2)
        return state
    }

    /// `C` in the notification panel, and `:clear`.
    static let clearKeys: [[AppKey]] = [[.char("b"), .char("C")], ":clear".map { AppKey.char($0) } + [.enter]]

    @Test(arguments: [true, false], clearKeys)
    func clearingNotifications(readOnly: Bool, keys: [AppKey]) {
        var state = withNotifications(readOnly: readOnly)
        let effects = keys.flatMap { state.reduce(.key($0)) }
        let clears = effects.filter { if case .network(.clearNotifications) = $0 { true } else { false } }
        if readOnly {
            #expect(clears == [.network(.clearNotifications(server: "remote"))], "the writable server is cleared")
            #expect(state.notifications.items.map(\.key.server) == ["local"], "the read-only server's stay")
            #expect(state.flash == "read-only: clear not sent to local")
        } else {
            #expect(
                clears == [
                    .network(.clearNotifications(server: "local")), .network(.clearNotifications(server: "remote")),
                ])
            #expect(state.notifications.items.isEmpty)
        }
    }

    @Test func clearingWhenEveryServerIsReadOnlySendsNothing() {
        var state = withNotifications(readOnly: true)
        state.readOnlyServers = ["local", "remote"]
        #expect(state.press(.char("b"), .char("C")).isEmpty)
        #expect(state.notifications.items.count == 2)
        #expect(state.flash == "read-only: clear not sent")
        _ = state.press(.char("R"))
        #expect(state.unreadCount == 0, "marking read is local and still works")
    }

    @Test func theGateDropsEveryChangeToAReadOnlyServerAndNothingElse() {
        var state = world(readOnly: true)
        let changes: [(NetworkEffect, String)] = [
            (.sendInput(AppWorld.a, "hi"), "input"), (.answer(Self.sampleAnswer(AppWorld.a)), "answer"),
            (.startTicketSession(server: "local", ticketID: "t"), "start"),
            (.approveTicket(server: "local", ticketID: "t"), "approve"),
            (.rejectTicket(server: "local", ticketID: "t", feedback: "f"), "reject"),
            (.moveTicket(server: "local", ticketID: "t", to: .done), "move"),
            (.clearNotifications(server: "local"), "clear"), (.deleteNotification(server: "local", id: "n"), "delete"),
        ]
        for (request, word) in changes {
            state.flash = nil
            #expect(state.droppingChanges([.network(request)]).isEmpty, "\(request)")
            #expect(state.flash == "read-only: \(word) not sent")
        }
        #expect(state.droppingChanges([.forwardKey(AppWorld.a, .char("x"))]).isEmpty)
        state.flash = nil
        let project = AppProject(server: "local", id: "p", name: "p")
        let passing: [AppEffect] =
            [
                .network(.refreshSessions(server: "local")), .network(.loadBoard(project)),
                .network(.loadTicketContent(server: "local", ticketID: "t")),
                .network(.refetchNotifications(server: "local")), .attach(AppWorld.a, state.attachSize),
                .watch(AppWorld.a, state.ui.tileSize), .forwardKey(AppWorld.c, .char("x")),
            ] + changes.map { .network(Self.onRemote($0.0)) }
        #expect(state.droppingChanges(passing) == passing, "reads, streams and the writable server pass")
        #expect(state.flash == nil)
    }

    /// An answer to a prompt of `key`.
    static func sampleAnswer(_ key: SessionKey, choice: PromptAnswer.Choice = .allow) -> PromptAnswer {
        PromptAnswer(prompt: PromptID(session: key, since: AppWorld.t0), choice: choice, target: "Task: permission")
    }

    /// The same request on the writable server.
    static func onRemote(_ request: NetworkEffect) -> NetworkEffect {
        switch request {
        case .sendInput(_, let text): .sendInput(AppWorld.c, text)
        case .answer(let answer): .answer(Self.sampleAnswer(AppWorld.c, choice: answer.choice))
        case .startTicketSession(_, let id): .startTicketSession(server: "remote", ticketID: id)
        case .approveTicket(_, let id): .approveTicket(server: "remote", ticketID: id)
        case .rejectTicket(_, let id, let feedback): .rejectTicket(server: "remote", ticketID: id, feedback: feedback)
        case .moveTicket(_, let id, let column): .moveTicket(server: "remote", ticketID: id, to: column)
        case .clearNotifications: .clearNotifications(server: "remote")
        case .deleteNotification(_, let id): .deleteNotification(server: "remote", id: id)
        default: request
        }
    }

    @Test func watchingNavigationSearchTriageAndTheBoardStillWork() {
        var state = world(readOnly: true)
        #expect(state.watched.contains(AppWorld.a), "tiles watch")
        _ = state.press(.char("j"))
        #expect(state.selection == AppWorld.b)
        _ = state.press(.char("/"), .char("i"), .char("n"), .char("f"), .enter)
        #expect(state.filter.isActive)
        #expect(state.selection == AppWorld.c)
        _ = state.press(.escape)
        _ = state.reduce(AppWorld.waits(AppWorld.b, .question))
        let jump = state.press(.char("t"))
        #expect(state.page == .attached(AppWorld.b), "triage jumps")
        #expect(jump.contains(.attach(AppWorld.b, state.attachSize)))
        _ = state.press(.ctrl("]"))
        #expect(state.page == .sessions)
        let project = AppProject(server: "local", id: "p1", name: "webapp")
        _ = state.reduce(.projectsLoaded(server: "local", projects: [project]))
        #expect(state.press(.char("g"), .char("b")).contains(.network(.loadBoard(project))), "the board loads")
        let ticket = AppTicket(id: "t1", key: nil, title: "One", state: .backlog, prefix: "X")
        _ = state.reduce(.ticketsLoaded(project: project, tickets: [ticket]))
        #expect(state.press(.enter).contains(.network(.loadTicketContent(server: "local", ticketID: "t1"))))
        #expect(state.flash == nil)
    }
}
