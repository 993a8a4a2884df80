// Job control in the runtime: Ctrl-Z outside attach and a SIGTSTP both suspend through the
// outer terminal, then the app resyncs (session lists and notifications of online servers);
// inside attach Ctrl-Z belongs to the remote program; a SIGCONT without our own stop (SIGSTOP
// from outside) also resyncs. The real stop is tested end to end (SuspendEndToEndTests).
import ClientCore
import Foundation
import TUI
import TestSupport
import Testing

@testable import ClientRuntime

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct SuspendRuntimeTests {
    static let key = SessionKey(server: "local", sessionId: "00000000-0000-4000-8000-00000000000a")

    final class World {
        let app: RuntimeApp
        let backend = FakeBackend()
        let terminal: FakeOuterTerminal
        var now: Duration = .seconds(1)

        init() {
            let size = GridSize(cols: 100, rows: 30)
            terminal = FakeOuterTerminal(size: size)
            app = RuntimeApp(
                state: AppState(
                    servers: ["local", "far"], now: Date(timeIntervalSince1970: 1_800_000_000), size: size),
                renderer: Renderer(surface: RecordingSurface(size: size)), terminal: terminal, network: backend,
                insideTmux: false)
            let session = AppSession(
                key: SuspendRuntimeTests.key, projectName: "webapp", status: .running, ticketTitle: "Task",
                updatedAt: Date(timeIntervalSince1970: 1_800_000_000))
            send(events: [.app(.serverLink(server: "local", link: .online))])
            send(events: [.app(.serverStreams(server: "local", paneStreams: true))])
            send(events: [.app(.sessionsLoaded(server: "local", sessions: [session]))])
        }

        func send(input: [UInt8] = [], signals: [Int32] = [], events: [RuntimeEvent] = []) {
            now += .milliseconds(10)
            _ = app.handle(LoopBatch(input: input, inputClosed: false, signals: signals, events: events), now: now)
        }

        var resyncs: [String] { backend.effects.filter { $0.hasPrefix("refresh") || $0.hasPrefix("refetch") } }
    }

    @Test func ctrlZSuspendsAndResyncsTheOnlineServers() {
        let world = World()
        world.send(input: [0x1A])
        #expect(world.terminal.suspensions == 1)
        #expect(
            world.resyncs.sorted() == [#"refetchNotifications(server: "local")"#, #"refreshSessions(server: "local")"#])
        #expect(!world.app.isFinished)
    }

    @Test func sigtstpSuspendsLikeCtrlZ() {
        let world = World()
        world.send(signals: [SIGTSTP])
        #expect(world.terminal.suspensions == 1)
        #expect(world.resyncs.count == 2)
        #expect(!world.app.isFinished)
    }

    @Test func aContinueFromOutsideResyncsWithoutSuspending() {
        let world = World()
        world.send(signals: [SIGCONT])
        #expect(world.terminal.suspensions == 0)
        #expect(world.resyncs.count == 2)
    }

    @Test func insideAttachCtrlZGoesToTheProgram() throws {
        let world = World()
        world.send(input: [0x0D])
        let attach = try #require(world.backend.opened.last)
        #expect(!attach.readOnly)
        world.send(input: [0x1A])
        #expect(world.terminal.suspensions == 0)
        #expect(attach.channel.inputs.last == "\u{1A}")
    }
}
