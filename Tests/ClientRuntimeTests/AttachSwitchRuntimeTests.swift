// Detaching keeps the attached pane stream and turns it into the read-only tile in place (no new
// socket, attach or snapshot). Attach opens an interactive stream of its own. A stream that is not
// a pane stream (an upstream server's tmux client) is closed and opened anew.
import ClientCore
import Foundation
import TUI
import TerminalScreen
import TestSupport
import Testing

@testable import ClientRuntime

@Suite struct AttachSwitchRuntimeTests {
    private static let key = PaneStreamRuntimeTests.key

    @Test func detachKeepsTheAttachedPaneStreamAsTheTilesStream() throws {
        var world = PaneStreamRuntimeTests.World()
        let tile = try #require(world.latest, "no tile stream opened")
        world.send(.app(.key(.enter)))
        let attach = try #require(world.latest)
        #expect(tile.channel.closed && world.backend.opened.count == 2 && !attach.readOnly)
        world.send(
            .terminal(
                Self.key, generation: attach.generation,
                .snapshot(cols: 100, rows: 29, bytes: Array("pane-content".utf8))))
        world.send(.app(.key(.char("a"))))
        #expect(attach.channel.inputs == ["a"])
        world.send(.app(.key(.ctrl("]"))))
        #expect(world.backend.opened.count == 2, "detach opened a new tile stream")
        #expect(!attach.channel.closed)
        #expect(attach.channel.accessChanges.map(\.readOnly) == [true])
        #expect(world.screen?.text(row: 0).hasPrefix("pane-content") == true)
        world.send(.app(.key(.char("b"))))
        #expect(attach.channel.inputs == ["a"], "a key on the wall reached the session")
    }

    @Test func aTileWithoutAPaneStreamIsReopenedInteractive() throws {
        var world = PaneStreamRuntimeTests.World()
        let tile = try #require(world.latest)
        world.send(.app(.key(.enter)))
        #expect(tile.channel.closed)
        #expect(tile.channel.accessChanges.isEmpty)
        let attach = try #require(world.latest)
        #expect(world.backend.opened.count == 2 && !attach.readOnly)
        #expect(attach.generation > tile.generation)
    }

    @Test func aKeyThatChangesThePageIsDrawnWithoutWaitingForTheFrameSlot() throws {
        var world = PaneStreamRuntimeTests.World()
        world.app.render(now: world.now)
        #expect(!world.app.frameAnswersInput)
        world.now += .milliseconds(10)
        _ = world.app.handle(LoopBatch(input: [0x0D], inputClosed: false, signals: [], events: []), now: world.now)
        #expect(world.app.state.page == .attached(Self.key))
        #expect(world.app.frameAnswersInput, "the attach page waits for the next frame slot")
        world.app.render(now: world.now)
        #expect(!world.app.frameAnswersInput)
    }

    /// Enter pressed on the wall and the attach page drawn; the attach's new stream.
    static func enterDrawn() throws -> (PaneStreamRuntimeTests.World, FakeBackend.Opened) {
        let world = PaneStreamRuntimeTests.World()
        _ = world.app.handle(LoopBatch(input: [0x0D], inputClosed: false, signals: [], events: []), now: world.now)
        world.app.render(now: world.now)
        return (world, try #require(world.latest))
    }

    @Test func theAttachedSessionsFirstOutputsAreDrawnWithoutWaitingForTheFrameSlot() throws {
        var (world, attach) = try Self.enterDrawn()
        #expect(world.app.awaitsEcho, "posts would wait for the frame slot to wake the loop")
        // The snapshot, then the repaint at the attach size, each answer the Enter at once.
        let outputs: [PTYOutput] = [
            .snapshot(cols: 100, rows: 29, bytes: Array("old".utf8)), .bytes(Array("\u{1B}[Hrepainted".utf8)),
        ]
        for output in outputs {
            world.now += .milliseconds(3)
            world.send(.terminal(Self.key, generation: attach.generation, output))
            #expect(world.app.frameAnswersInput, "\(output) waits for the frame slot")
            world.app.render(now: world.now)
            #expect(!world.app.frameAnswersInput)
        }
        // Only the first few: a session that floods output is back under the cap after them.
        for _ in 0..<AnswerFrames.attachFrames {
            world.send(.terminal(Self.key, generation: attach.generation, .bytes(Array("x".utf8))))
            world.app.render(now: world.now)
        }
        world.send(.terminal(Self.key, generation: attach.generation, .bytes(Array("y".utf8))))
        #expect(!world.app.frameAnswersInput, "output is drawn uncapped for ever after an attach")
        #expect(!world.app.awaitsEcho)
    }

    @Test func theAttachAnswerEndsWithItsWindow() throws {
        var (world, attach) = try Self.enterDrawn()
        world.now += AnswerFrames.attachWindow + .milliseconds(1)
        world.send(.terminal(Self.key, generation: attach.generation, .bytes(Array("late".utf8))))
        #expect(!world.app.frameAnswersInput, "output long after the attach is drawn outside the cap")
    }
}

@Suite struct StreamRetryRuntimeTests {
    @Test func theAttachedStreamIsAskedToTryAtOnceWhenItsServerComesBack() throws {
        var world = PaneStreamRuntimeTests.World()
        world.send(.app(.key(.enter)))
        let attach = try #require(world.latest)
        let server = PaneStreamRuntimeTests.key.server
        world.send(.app(.serverLink(server: server, link: .offline("no route"))))
        #expect(attach.channel.retries == 0)
        world.send(.app(.serverLink(server: server, link: .online)))
        #expect(attach.channel.retries == 1, "the stream waiting on its sweep was not asked to try now")
    }
}
