// Path (d): every effect `reduce` can ask for is carried out. Each request to a server
// (`NetworkEffect`) reaches the backend as it was asked, and nothing else does; the terminal
// effects open, close and resize the fake streams; the UI effects ring, show, suspend and quit.
// (Keys, `.forwardKey`, have their own suite: KeyForwardingRuntimeTests.)
import ClientCore
import Foundation
import TUI
import Testing

@testable import ClientRuntime

@Suite struct EffectRoutingRuntimeTests {
    static let key = RuntimeWorld.key

    /// One request of each kind (`kind` names every case with no default: a new request does not
    /// compile here until it is named, and then wants a sample).
    static let requests: [NetworkEffect] = [
        .sendInput(key, "yes"),
        .answer(
            PromptAnswer(
                prompt: PromptID(session: key, since: Date(timeIntervalSince1970: 0)), choice: .deny, target: "t")),
        .refreshSessions(server: "local"),
        .loadBoard(AppProject(server: "local", id: "p1", name: "webapp")),
        .loadTicketContent(server: "local", ticketID: "t1"), .startTicketSession(server: "local", ticketID: "t1"),
        .approveTicket(server: "local", ticketID: "t2"), .rejectTicket(server: "local", ticketID: "t3", feedback: "no"),
        .moveTicket(server: "local", ticketID: "t4", to: .review), .clearNotifications(server: "local"),
        .deleteNotification(server: "local", id: "n1"), .refetchNotifications(server: "local"),
        .loadJournal(SessionKey(server: "local", sessionId: "s1")),
        .loadJournalScreen(SessionKey(server: "local", sessionId: "s1"), atMs: 1),
        .searchJournal(SessionKey(server: "local", sessionId: "s1"), query: "x"),
    ]

    static func kind(_ request: NetworkEffect) -> String {
        switch request {
        case .sendInput: "sendInput"
        case .answer: "answer"
        case .refreshSessions: "refreshSessions"
        case .loadBoard: "loadBoard"
        case .loadTicketContent: "loadTicketContent"
        case .startTicketSession: "startTicketSession"
        case .approveTicket: "approveTicket"
        case .rejectTicket: "rejectTicket"
        case .moveTicket: "moveTicket"
        case .clearNotifications: "clearNotifications"
        case .deleteNotification: "deleteNotification"
        case .refetchNotifications: "refetchNotifications"
        case .loadJournal: "loadJournal"
        case .loadJournalScreen: "loadJournalScreen"
        case .searchJournal: "searchJournal"
        }
    }

    @Test func everyRequestReachesTheBackendAsAsked() {
        #expect(Set(Self.requests.map(Self.kind)).count == 15, "one sample of each kind")
        let world = RuntimeWorld()
        let before = world.backend.requests.count
        let streams = world.backend.opened.count
        for request in Self.requests { world.app.perform(.network(request)) }
        #expect(Array(world.backend.requests.dropFirst(before)) == Self.requests)
        #expect(world.backend.opened.count == streams, "a request opens no stream")
        #expect(world.backend.requests.allSatisfy { $0.server == "local" })
    }

    @Test func loopEffectsSendNoRequest() {
        let world = RuntimeWorld()
        let before = world.backend.requests
        world.app.perform(.alertOuterTerminal(title: "t", body: "b", desktop: false))
        world.app.perform(.showStats)
        world.app.perform(.resizeRemote(Self.key, GridSize(cols: 50, rows: 20)))
        world.app.perform(.quit)
        #expect(world.backend.requests == before)
    }

    @Test func watchOpensOneReadOnlyStreamAtTheTileSize() throws {
        let world = RuntimeWorld()
        let tile = try #require(world.latest)
        let size = TileSize.default
        #expect(tile.readOnly && tile.size == GridSize(cols: size.cols, rows: size.rows))
        let screen = try #require(world.screen)
        #expect(screen.cols == size.cols && screen.rows == size.rows)
        world.app.perform(.watch(Self.key, size))
        #expect(world.backend.opened.count == 1, "a watched session keeps its stream")
    }

    @Test func unwatchClosesTheStreamAndDropsTheScreen() throws {
        let world = RuntimeWorld()
        let tile = try #require(world.latest)
        world.app.perform(.unwatch(Self.key))
        #expect(tile.channel.closed)
        #expect(world.screen == nil)
    }

    @Test func unwatchLeavesTheAttachedSessionAlone() throws {
        let world = RuntimeWorld()
        let stream = try #require(world.attach())
        world.app.perform(.unwatch(Self.key))
        #expect(!stream.channel.closed)
        #expect(world.screen != nil)
    }

    @Test func attachOpensAnInteractiveStreamAtTheLocalSize() throws {
        let world = RuntimeWorld()
        let tile = try #require(world.latest)
        let stream = try #require(world.attach())
        #expect(tile.channel.closed, "a tile stream without a snapshot is replaced")
        #expect(stream.size == GridSize(cols: 100, rows: 29), "the terminal minus the status line")
        let screen = try #require(world.screen)
        #expect(screen.cols == 100 && screen.rows == 29)
    }

    @Test func detachGoesBackToAReadOnlyTile() throws {
        let world = RuntimeWorld()
        let stream = try #require(world.attach())
        world.type("\u{1D}")
        #expect(stream.channel.closed)
        let tile = try #require(world.latest)
        #expect(tile.readOnly && tile.generation != stream.generation)
        #expect(tile.size == GridSize(cols: TileSize.default.cols, rows: TileSize.default.rows))
    }

    @Test func detachWithoutATileClosesTheStream() throws {
        let world = RuntimeWorld()
        let tile = try #require(world.latest)
        world.send(events: [.app(.resized(GridSize(cols: 70, rows: 30)))])
        #expect(tile.channel.closed, "under 80 columns the wall has no tiles")
        let stream = try #require(world.attach())
        world.type("\u{1D}")
        #expect(stream.channel.closed)
        #expect(world.latest?.generation == stream.generation, "no stream opened after the detach")
        #expect(world.screen == nil)
    }

    @Test func aLocalResizeResizesTheStreamAndTheScreen() throws {
        let world = RuntimeWorld()
        let stream = try #require(world.attach())
        world.send(events: [.app(.resized(GridSize(cols: 80, rows: 25)))])
        #expect(stream.channel.resizes.last == GridSize(cols: 80, rows: 24))
        let screen = try #require(world.screen)
        #expect(screen.cols == 80 && screen.rows == 24)
    }

    @Test func anAlertIsWrittenAfterTheFrame() {
        let world = RuntimeWorld()
        world.app.perform(.alertOuterTerminal(title: "Input Required", body: "webapp", desktop: true))
        #expect(world.terminal.written.isEmpty)
        world.frame()
        let bytes = OuterTerminalAlert.bytes(title: "Input Required", body: "webapp", desktop: true, insideTmux: false)
        #expect(world.terminal.written == [bytes])
    }

    @Test func showStatsOpensThePager() throws {
        let world = RuntimeWorld()
        world.app.perform(.showStats)
        guard case .pager(let title, let lines, _) = world.app.state.overlay else {
            Issue.record("no pager: \(String(describing: world.app.state.overlay))")
            return
        }
        #expect(title == "claudepm stats")
        #expect(lines.contains { $0.hasPrefix("  local  ") })
    }

    @Test func reconnectAsksTheBackend() {
        let world = RuntimeWorld()
        world.app.perform(.reconnect)
        #expect(world.backend.effects.filter { $0 == "reconnectAll" }.count == 1)
    }

    @Test func suspendStopsThenResyncs() {
        let world = RuntimeWorld()
        let before = world.backend.requests.count
        world.app.perform(.suspend)
        #expect(world.terminal.suspensions == 1)
        #expect(
            Array(world.backend.requests.dropFirst(before)) == [
                .refreshSessions(server: "local"), .refetchNotifications(server: "local"),
            ])
    }

    @Test func quitEndsTheLoop() {
        let world = RuntimeWorld()
        #expect(!world.app.isFinished)
        world.app.perform(.quit)
        #expect(world.app.isFinished)
    }
}
