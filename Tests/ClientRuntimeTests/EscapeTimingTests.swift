// RuntimeApp and a lone ESC: its escape delay is counted from when it was read. If the loop was
// busy past that delay before it read the next key, the ESC is still the Escape key and the next
// key is a key of its own (not Alt-key), as it would have been on an idle loop, and so is a key
// whose read arrived (was stamped by the input thread) past the delay, though the loop took both
// reads at once; an ESC followed by its key in the same read stays one Alt chord. A key that changes what is shown asks for a
// frame at once.
import ClientCore
import Foundation
import TUI
import TerminalScreen
import Testing

@testable import ClientRuntime

@Suite struct EscapeTimingTests {
    typealias World = PaneStreamRuntimeTests.World

    static func type(_ bytes: [UInt8], at now: Duration, into world: World) {
        _ = world.app.handle(LoopBatch(input: bytes, inputClosed: false, signals: [], events: []), now: now)
    }

    /// The world with the find box open and `PWNED` typed into it.
    static func findBoxOpen() -> World {
        var world = World()
        world.now += .milliseconds(10)
        Self.type(Array("f".utf8), at: world.now, into: world)
        world.now += .milliseconds(10)
        Self.type(Array("PWNED".utf8), at: world.now, into: world)
        return world
    }

    @Test func escThenQReadLateAreEscapeAndQuit() throws {
        var world = Self.findBoxOpen()
        guard case .find = world.app.state.overlay else {
            Issue.record("the find box is not open: \(String(describing: world.app.state.overlay))")
            return
        }
        world.now += .milliseconds(10)
        Self.type([0x1B], at: world.now, into: world)
        #expect(world.app.keyDecoder.escapeDeadline != nil, "a lone ESC waits for the rest of a sequence")
        // The loop was busy: q is read 100 ms after the ESC, with no wake-up at the deadline.
        world.now += .milliseconds(100)
        Self.type(Array("q".utf8), at: world.now, into: world)
        #expect(world.app.state.overlay == nil, "Esc did not close the find box")
        #expect(world.app.isFinished, "q after the Esc did not quit")
    }

    /// The find box open, then an Esc and `bytes` read `gap` apart and taken by the loop together,
    /// 150 ms after the Esc.
    static func escThen(_ bytes: [UInt8], after gap: Duration) -> World {
        var world = Self.findBoxOpen()
        let esc = world.now + .milliseconds(10)
        world.now = esc + .milliseconds(150)
        let chunks = [InputChunk(bytes: [0x1B], at: esc), InputChunk(bytes: bytes, at: esc + gap)]
        _ = world.app.handle(
            LoopBatch(inputChunks: chunks, inputClosed: false, signals: [], events: []), now: world.now)
        return world
    }

    @Test func escThenQArrivedApartButTakenTogetherAreEscapeAndQuit() throws {
        // The input thread stamped both reads as they came; the loop, off the CPU, took them at once.
        let world = Self.escThen(Array("q".utf8), after: .milliseconds(100))
        #expect(world.app.state.overlay == nil, "Esc did not close the find box")
        #expect(world.app.isFinished, "q after the Esc did not quit")
    }

    @Test func anArrowSplitAcrossReadsWithinTheDelayStaysAnArrow() throws {
        let world = Self.escThen(Array("[D".utf8), after: .milliseconds(5))
        guard case .find(let find) = world.app.state.overlay else {
            Issue.record("the arrow was read as Esc and closed the find box")
            return
        }
        #expect(find.query == "PWNED", "the arrow's bytes were typed into the box: \(find.query)")
    }

    @Test func escAndItsKeyInOneReadStayAnAltChord() throws {
        var world = Self.findBoxOpen()
        world.now += .milliseconds(10)
        Self.type([0x1B] + Array("q".utf8), at: world.now, into: world)
        #expect(!world.app.isFinished, "Alt-q quit the UI")
        guard case .find = world.app.state.overlay else {
            Issue.record("Alt-q closed the find box")
            return
        }
    }

    @Test func aKeyThatMovesTheSelectionIsDrawnAtOnce() throws {
        let world = World()
        world.app.render(now: world.now)
        #expect(!world.app.frameAnswersInput)
        let before = world.app.state.selection
        Self.type(Array("j".utf8), at: world.now + .milliseconds(10), into: world)
        // One session: j changes nothing, so no frame is asked for.
        #expect(world.app.state.selection == before)
        #expect(!world.app.frameAnswersInput, "a key that changed nothing asked for a frame")
        Self.type(Array("?".utf8), at: world.now + .milliseconds(20), into: world)
        #expect(world.app.frameAnswersInput, "the help waits for the next frame slot")
        world.app.render(now: world.now + .milliseconds(20))
        #expect(!world.app.frameAnswersInput)
    }
}
