// Path (b): a key typed while attached reaches the session's stream as the exact bytes its
// program expects (encoded by the session's TerminalScreen, in the modes the program set); the
// detach key stays with the client; a read-only tile's stream never gets input.
import ClientCore
import Foundation
import TUI
import Testing

@testable import ClientRuntime

@Suite struct KeyForwardingRuntimeTests {
    /// Types each of `keys` into an attached session; returns what each one sent.
    private static func sent(_ keys: [String], world: RuntimeWorld, stream: FakeBackend.Opened) -> [[String]] {
        keys.map { key in
            let before = stream.channel.inputs.count
            world.type(key)
            return Array(stream.channel.inputs.dropFirst(before))
        }
    }

    @Test func typedKeysArriveAsTheirBytes() throws {
        let world = RuntimeWorld()
        let stream = try #require(world.attach())
        let keys = ["a", "é", "\r", "\u{03}", "\u{7F}", "\t", "\u{1B}[A", "\u{1B}OB", "\u{1B}[15~", "\u{1B}[6~"]
        let expected =
            [["a"], ["é"], ["\r"], ["\u{03}"], ["\u{7F}"], ["\t"], ["\u{1B}[A"], ["\u{1B}[B"]]
            + [["\u{1B}[15~"], ["\u{1B}[6~"]]
        #expect(Self.sent(keys, world: world, stream: stream) == expected)
    }

    @Test func theProgramsModesChooseTheBytes() throws {
        let world = RuntimeWorld()
        let stream = try #require(world.attach())
        world.output("\u{1B}[?1h\u{1B}[?2004h\u{1B}[?1000h\u{1B}[?1006h", on: stream)
        let keys = ["\u{1B}[A", "\u{1B}[200~two\nlines\u{1B}[201~", "\u{1B}[<0;10;5M", "\u{1B}[<65;3;2M"]
        let expected = [
            ["\u{1B}OA"], ["\u{1B}[200~two\rlines\u{1B}[201~"], ["\u{1B}[<0;10;5M\u{1B}[<0;10;5m"], ["\u{1B}[<65;3;2M"],
        ]
        #expect(Self.sent(keys, world: world, stream: stream) == expected)
    }

    @Test func mouseAndPastesWithoutTheModesAreSilentOrPlain() throws {
        let world = RuntimeWorld()
        let stream = try #require(world.attach())
        let keys = ["\u{1B}[<0;10;5M", "\u{1B}[200~two\nlines\u{1B}[201~"]
        #expect(Self.sent(keys, world: world, stream: stream) == [[], ["two\rlines"]])
    }

    @Test func theDetachKeyStaysWithTheClient() throws {
        let world = RuntimeWorld()
        let stream = try #require(world.attach())
        world.type("\u{1D}")
        #expect(stream.channel.inputs.isEmpty)
        #expect(world.app.state.attachedSession == nil)
    }

    @Test func aReadOnlyTileGetsNoInput() throws {
        let world = RuntimeWorld()
        let tile = try #require(world.latest)
        #expect(tile.readOnly)
        world.type("jk\u{1B}[B")
        world.app.perform(.forwardKey(RuntimeWorld.key, .char("x")))
        // A query from the program is not answered from a tile either.
        world.output("\u{1B}[c\u{1B}[6n", on: tile)
        #expect(tile.channel.inputs.isEmpty)
    }

    @Test func afterDetachTheTileGetsNoInput() throws {
        let world = RuntimeWorld()
        let stream = try #require(world.attach())
        world.type("\u{1D}")
        let tile = try #require(world.latest)
        #expect(tile.readOnly && tile.generation != stream.generation)
        world.app.perform(.forwardKey(RuntimeWorld.key, .char("x")))
        #expect(tile.channel.inputs.isEmpty && stream.channel.inputs.isEmpty)
    }

    /// A pane larger than the view (shown at its own size under tmux's `window-size manual`) is
    /// drawn around its newest lines; a click goes to the cell drawn where it landed.
    @Test func aClickOnACroppedPaneGoesToTheCellShownThere() throws {
        let world = RuntimeWorld()
        let stream = try #require(world.attach())
        let bytes = Array(("\u{1B}[?1000h\u{1B}[?1006h" + String(repeating: "\r\n", count: 49) + "last").utf8)
        world.send(events: [
            .terminal(stream.key, generation: stream.generation, .snapshot(cols: 100, rows: 50, bytes: bytes))
        ])
        let rows = world.frame()
        let shown = try #require(rows.firstIndex { $0.hasPrefix("last") }, "the pane's last line is not shown")
        #expect(shown == 28, "the view's bottom row shows the pane's row 49")
        let before = stream.channel.inputs.count
        world.type("\u{1B}[<0;1;\(shown + 1)M")
        #expect(Array(stream.channel.inputs.dropFirst(before)) == ["\u{1B}[<0;1;50M\u{1B}[<0;1;50m"])
    }
}
