// Golden tests: one fixture per client → server message type (§3.4).
import ClaudePMProtocol
import Foundation
import Testing

@Suite struct ClientMessageTests {
    @Test func subscriptions() throws {
        try Fixture.expectExact(.subscribe(sessionId: ID.session), "ws/client/subscribe.json")
        try Fixture.expectExact(.unsubscribe(sessionId: ID.session), "ws/client/unsubscribe.json")
        try Fixture.expectExact(.input(sessionId: ID.session, text: "continue"), "ws/client/input.json")
        try Fixture.expectExact(.keys(sessionId: ID.session, keys: "\u{1B}[A\r"), "ws/client/keys.json")
        try Fixture.expectExact(.ping, "ws/client/ping.json")
    }

    @Test func pty() throws {
        try Fixture.expectExact(.ptyAttach(sessionId: ID.session, cols: 120, rows: 40), "ws/client/pty-attach.json")
        try Fixture.expectExact(.ptyAttach(sessionId: ID.session), "ws/client/pty-attach-minimal.json")
        try Fixture.expectExact(
            .ptyAttach(sessionId: ID.session, cols: 80, rows: 24, readOnly: true), "ws/client/pty-attach-read-only.json"
        )
        try Fixture.expectExact(.ptyDetach(sessionId: ID.session), "ws/client/pty-detach.json")
        try Fixture.expectExact(.ptyData(sessionId: ID.session, data: "yes\r"), "ws/client/pty-data.json")
        try Fixture.expectExact(.ptyResize(sessionId: ID.session, cols: 100, rows: 30), "ws/client/pty-resize.json")
        try Fixture.expectExact(.ptySelectPane(sessionId: ID.session), "ws/client/pty-select-pane.json")
    }

    @Test func minimalAttachOmitsSizes() throws {
        let json = try JSONValue.parse(ClientMessage.ptyAttach(sessionId: ID.session).encoded())
        #expect(json["payload"] == .object(["sessionId": .string(ID.session)]))
    }

    @Test func pingWithoutPayloadIsAccepted() throws {
        let frame = try Fixture.data("tolerant/client-ping-without-payload.json")
        #expect(try ClientMessage.decode(frame) == .ping)
        #expect(ClientMessage.validate(frame) == .success(.ping))
    }

    @Test func everyKnownTypeHasAFixture() throws {
        var seen: Set<String> = []
        for name in try Fixture.all() where name.hasPrefix("ws/client/") {
            seen.insert(try ClientMessage.decode(Fixture.data(name)).type)
        }
        #expect(seen == Set(ClientMessage.knownTypes))
    }

    @Test func sessionIdAccessor() {
        #expect(ClientMessage.ptyResize(sessionId: "a", cols: 1, rows: 1).sessionId == "a")
        #expect(ClientMessage.ping.sessionId == nil)
    }
}
