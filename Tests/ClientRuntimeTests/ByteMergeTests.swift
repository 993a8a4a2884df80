// A frame's queued byte outputs are joined per stream before they are fed (RuntimeEvent+Merge):
// fewer, larger pieces let the screen scroll plain lines in one step. Order per stream must hold,
// and no bytes may move past another event (a model fact, a status, a snapshot), which could
// replace a stream or its screen.

import ClientCore
import Foundation
import Testing

@testable import ClientRuntime

@Suite("Byte outputs merged per stream")
struct ByteMergeTests {
    private let a = SessionKey(server: "local", sessionId: "a")
    private let b = SessionKey(server: "local", sessionId: "b")

    private func bytes(_ key: SessionKey, _ text: String, generation: Int = 1) -> RuntimeEvent {
        .terminal(key, generation: generation, .bytes(Array(text.utf8)))
    }

    /// Each event as text: the stream, its generation and what it carries.
    private func describe(_ events: [RuntimeEvent]) -> [String] {
        events.map { event in
            switch event {
            case .app: return "app"
            case .terminal(let key, let generation, .bytes(let data)):
                return "\(key.sessionId)\(generation):\(String(decoding: data, as: UTF8.self))"
            case .terminal(let key, let generation, let output): return "\(key.sessionId)\(generation):\(output)"
            case .picture(let key, let lines): return "\(key.sessionId) picture:\(lines)"
            }
        }
    }

    @Test func interleavedStreamsAreJoinedInOrder() {
        let events = [bytes(a, "1"), bytes(b, "x"), bytes(a, "2"), bytes(b, "y"), bytes(a, "3")]
        #expect(describe(RuntimeEvent.mergingBytes(events)) == ["a1:123", "b1:xy"])
    }

    @Test func anyOtherEventEndsEveryRun() {
        let status = RuntimeEvent.terminal(b, generation: 1, .status(.attached(cols: 80, rows: 24)))
        let events = [
            bytes(a, "1"), bytes(b, "x"), .app(.tick(Date(timeIntervalSince1970: 0), MonotonicTime(nanoseconds: 0))),
            bytes(a, "2"), status, bytes(a, "3"), bytes(b, "y"), bytes(a, "4"),
        ]
        #expect(
            describe(RuntimeEvent.mergingBytes(events)) == [
                "a1:1", "b1:x", "app", "a1:2", "b1:\(PTYOutput.status(.attached(cols: 80, rows: 24)))", "a1:34", "b1:y",
            ])
    }

    @Test func aNewGenerationStartsANewRun() {
        let events = [bytes(a, "1"), bytes(a, "2", generation: 2), bytes(a, "3", generation: 2), bytes(a, "4")]
        #expect(describe(RuntimeEvent.mergingBytes(events)) == ["a1:1", "a2:23", "a1:4"])
    }
}
