// Retry now: Ctrl-R and `:reconnect` ask the backend to connect every server that is down (the
// event sockets re-read their keys first: KeyRotationTests); inside attach Ctrl-R belongs to the
// remote program.
import ClientCore
import Foundation
import TUI
import Testing

@testable import ClientRuntime

@Suite struct ReconnectRuntimeTests {
    @Test func ctrlRAsksEveryServerToReconnect() {
        let world = SuspendRuntimeTests.World()
        world.send(input: [0x12])
        #expect(world.backend.effects.filter { $0 == "reconnectAll" }.count == 1)
    }

    @Test func theCommandLineReconnectsToo() {
        let world = SuspendRuntimeTests.World()
        world.send(input: Array(":reconnect\r".utf8))
        #expect(world.backend.effects.filter { $0 == "reconnectAll" }.count == 1)
    }

    @Test func insideAttachCtrlRGoesToTheSession() {
        let world = SuspendRuntimeTests.World()
        world.send(input: [0x0D])
        #expect(world.app.state.attachedSession == SuspendRuntimeTests.key)
        world.send(input: [0x12])
        #expect(!world.backend.effects.contains("reconnectAll"))
    }
}
