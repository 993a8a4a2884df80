// Enter on a tile whose stream is a pane stream keeps that stream and turns it interactive (the
// attach screen is drawn from the emulator at once, no new socket); detaching turns it back into a
// read-only tile. A tile without a pane stream (an upstream server's tmux client) is closed and
// opened anew, as before.
import ClientCore
import Foundation
import TUI
import TerminalScreen
import TestSupport
import Testing

@testable import ClientRuntime

@Suite struct AttachSwitchRuntimeTests {
    private static let key = PaneStreamRuntimeTests.key

    @Test func enterOnAPaneStreamTileSwitchesTheSameStreamBothWays() throws {
        var world = PaneStreamRuntimeTests.World()
        let tile = try #require(world.latest, "no tile stream opened")
        world.send(
            .terminal(
                Self.key, generation: tile.generation, .snapshot(cols: 100, rows: 29, bytes: Array("pane-content".utf8))
            ))
        world.send(.app(.key(.enter)))
        #expect(world.backend.opened.count == 1, "attach opened a second stream")
        #expect(!tile.channel.closed)
        #expect(tile.channel.accessChanges.map(\.readOnly) == [false])
        #expect(tile.channel.accessChanges.last?.size == GridSize(cols: 100, rows: 29))
        // The attach screen is the emulator the tile already had.
        #expect(world.screen?.text(row: 0).hasPrefix("pane-content") == true)
        world.send(.app(.key(.char("a"))))
        #expect(tile.channel.inputs == ["a"])
        world.send(.app(.key(.ctrl("]"))))
        #expect(world.backend.opened.count == 1)
        #expect(tile.channel.accessChanges.map(\.readOnly) == [false, true])
        world.send(.app(.key(.char("b"))))
        #expect(tile.channel.inputs == ["a"], "a key on the wall reached the session")
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
}
