// Path (a): a session's PTY bytes reach the frame. Output of the attached stream is drawn in the
// body from the top-left corner, output of a watched tile on the wall; output of a stream the
// loop already replaced is dropped before it reaches a screen.
import ClientCore
import Foundation
import TUI
import Testing

@testable import ClientRuntime

@Suite struct OutputFrameRuntimeTests {
    @Test func attachedOutputIsDrawnInTheBody() throws {
        let world = RuntimeWorld()
        let stream = try #require(world.attach())
        world.output("hello\r\n\u{1B}[1mworld\u{1B}[0m", on: stream)
        let rows = world.frame()
        #expect(rows[0] == "hello")
        #expect(rows[1] == "world")
        #expect(world.surface.screen[1, 0].style.attrs.contains(.bold))
    }

    @Test func tileOutputIsDrawnOnTheWall() throws {
        let world = RuntimeWorld()
        let tile = try #require(world.latest)
        #expect(tile.readOnly)
        #expect(!world.frame().contains { $0.contains("build passed") })
        world.output("build passed", on: tile)
        #expect(world.frame().contains { $0.contains("build passed") })
    }

    @Test func outputOfAReplacedStreamIsDropped() throws {
        let world = RuntimeWorld()
        let tile = try #require(world.latest)
        let stream = try #require(world.attach())
        #expect(stream.generation != tile.generation)
        world.output("stale tile bytes", on: tile)
        world.output("live", on: stream)
        let rows = world.frame()
        #expect(rows[0] == "live")
        #expect(!rows.contains { $0.contains("stale") })
    }
}
