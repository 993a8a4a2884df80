// RuntimeApp and the echo of a key: the keypress alone asks for no frame (its tick changes
// nothing visible), the attached session's next output is flagged as the answer to input (drawn
// at once by the loop, outside the frame cap), and the flag is spent by that frame.
import ClientCore
import Foundation
import TUI
import TerminalScreen
import Testing

@testable import ClientRuntime

@Suite struct EchoFrameTests {
    static let key = PaneStreamRuntimeTests.key

    static func attached() throws -> (PaneStreamRuntimeTests.World, FakeBackend.Opened) {
        var world = PaneStreamRuntimeTests.World()
        world.send(.app(.key(.enter)))
        let attach = try #require(world.latest)
        #expect(!attach.readOnly)
        world.send(
            .terminal(Self.key, generation: attach.generation, .snapshot(cols: 100, rows: 29, bytes: Array("$ ".utf8))))
        world.app.render(now: world.now)
        return (world, attach)
    }

    static func type(_ text: String, into world: inout PaneStreamRuntimeTests.World) -> Bool {
        world.now += .milliseconds(10)
        return world.app.handle(
            LoopBatch(input: Array(text.utf8), inputClosed: false, signals: [], events: []), now: world.now)
    }

    @Test func aKeypressAloneAsksForNoFrame() throws {
        var (world, attach) = try Self.attached()
        let dirty = Self.type("a", into: &world)
        #expect(!dirty, "the key's tick must not cause a frame")
        #expect(attach.channel.inputs.last == "a")
        #expect(world.app.awaitsEcho)
        #expect(!world.app.frameAnswersInput)
    }

    @Test func theEchoIsDrawnAtOnceAndOnlyOnce() throws {
        var (world, attach) = try Self.attached()
        _ = Self.type("a", into: &world)
        let dirty = world.send(.terminal(Self.key, generation: attach.generation, .bytes(Array("a".utf8))))
        #expect(dirty)
        #expect(world.app.frameAnswersInput)
        world.app.render(now: world.now)
        #expect(!world.app.frameAnswersInput && !world.app.awaitsEcho)
        // Output nobody typed for (a flood) follows the frame cap again.
        world.send(.terminal(Self.key, generation: attach.generation, .bytes(Array("zzz".utf8))))
        #expect(!world.app.frameAnswersInput)
    }

    @Test func anEchoExpectationExpires() throws {
        var (world, attach) = try Self.attached()
        _ = Self.type("a", into: &world)
        world.now += .seconds(2)
        world.send(.terminal(Self.key, generation: attach.generation, .bytes(Array("late".utf8))))
        #expect(!world.app.frameAnswersInput)
    }
}
