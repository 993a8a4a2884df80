// RuntimeApp with pane streams: a snapshot resets, resizes and fills the session's emulator;
// output continues it; terminal queries are answered only on tmux-client streams (on a pane
// stream tmux has answered already); a local resize while attached goes to the server but does
// not resize a pane stream's emulator (its size comes with the next snapshot).
import ClientCore
import Foundation
import TUI
import TerminalScreen
import TestSupport
import Testing

@testable import ClientRuntime

@Suite struct PaneStreamRuntimeTests {
    static let t0 = Date(timeIntervalSince1970: 1_800_000_000)
    static let key = SessionKey(server: "local", sessionId: "00000000-0000-4000-8000-000000000001")

    struct World {
        let app: RuntimeApp
        let backend: FakeBackend
        var now: Duration = .seconds(1)

        init() {
            let size = GridSize(cols: 100, rows: 30)
            backend = FakeBackend()
            app = RuntimeApp(
                state: AppState(servers: ["local"], now: PaneStreamRuntimeTests.t0, size: size),
                renderer: Renderer(surface: RecordingSurface(size: size)), terminal: FakeOuterTerminal(size: size),
                network: backend, insideTmux: false)
            let session = AppSession(
                key: PaneStreamRuntimeTests.key, projectName: "webapp", status: .running, ticketTitle: "Task",
                updatedAt: PaneStreamRuntimeTests.t0)
            send(.app(.serverLink(server: "local", link: .online)))
            send(.app(.serverStreams(server: "local", paneStreams: true)))
            send(.app(.sessionsLoaded(server: "local", sessions: [session])))
        }

        @discardableResult
        mutating func send(_ events: RuntimeEvent...) -> Bool {
            now += .milliseconds(10)
            return app.handle(LoopBatch(input: [], inputClosed: false, signals: [], events: events), now: now)
        }

        var latest: FakeBackend.Opened? { backend.opened.last }
        var screen: TerminalScreen? { app.screens[PaneStreamRuntimeTests.key] }
    }

    @Test func aSnapshotResizesResetsAndFillsTheEmulator() throws {
        var world = World()
        let tile = try #require(world.latest, "no tile stream opened")
        #expect(tile.readOnly)
        world.send(.terminal(Self.key, generation: tile.generation, .bytes(Array("stale".utf8))))
        world.send(
            .terminal(
                Self.key, generation: tile.generation,
                .snapshot(cols: 70, rows: 20, bytes: Array("\u{1B}c\u{1B}[1mhello\u{1B}[0m\r\nworld".utf8))))
        let screen = try #require(world.screen)
        #expect(screen.cols == 70 && screen.rows == 20)
        #expect(screen.text(row: 0).hasPrefix("hello") && screen.cell(row: 0, col: 0).attrs.contains(.bold))
        #expect(!screen.text(row: 0).contains("stale"))
        world.send(.terminal(Self.key, generation: tile.generation, .bytes(Array(" more".utf8))))
        #expect(screen.text(row: 1).hasPrefix("world more"))
    }

    @Test func queriesAreAnsweredOnlyOnTmuxClientStreams() throws {
        var world = World()
        world.send(.app(.key(.enter)))
        let attach = try #require(world.latest)
        #expect(!attach.readOnly)
        // A tmux-client stream (no snapshot): libvterm's answer to DA goes back to the program.
        world.send(.terminal(Self.key, generation: attach.generation, .bytes(Array("\u{1B}[c".utf8))))
        #expect(attach.channel.inputs.contains { $0.hasPrefix("\u{1B}[?") })
        let answered = attach.channel.inputs.count
        // The same stream becomes a pane stream: tmux answers, the runtime stays silent.
        world.send(
            .terminal(Self.key, generation: attach.generation, .snapshot(cols: 100, rows: 29, bytes: Array("$ ".utf8))))
        world.send(.terminal(Self.key, generation: attach.generation, .bytes(Array("\u{1B}[c\u{1B}[6n".utf8))))
        #expect(attach.channel.inputs.count == answered)
    }

    @Test func aLocalResizeGoesToTheServerButThePaneKeepsItsSize() throws {
        var world = World()
        world.send(.app(.key(.enter)))
        let attach = try #require(world.latest)
        world.send(
            .terminal(Self.key, generation: attach.generation, .snapshot(cols: 100, rows: 29, bytes: Array("$ ".utf8))))
        world.send(.app(.resized(GridSize(cols: 80, rows: 25))))
        #expect(attach.channel.resizes.last == GridSize(cols: 80, rows: 24))
        let screen = try #require(world.screen)
        #expect(screen.cols == 100 && screen.rows == 29)
        world.send(
            .terminal(Self.key, generation: attach.generation, .snapshot(cols: 80, rows: 24, bytes: Array("$ ".utf8))))
        #expect(screen.cols == 80 && screen.rows == 24)
    }

    @Test func eventsOfAReplacedStreamAreDropped() throws {
        var world = World()
        let tile = try #require(world.latest)
        world.send(.app(.key(.enter)))
        let attach = try #require(world.latest)
        #expect(attach.generation != tile.generation)
        world.send(
            .terminal(Self.key, generation: tile.generation, .snapshot(cols: 10, rows: 5, bytes: Array("x".utf8)))
        )
        let screen = try #require(world.screen)
        #expect(screen.cols != 10)
    }
}
