// One session-list fetch per server at a time: requests during a fetch make it fetch once more,
// never in parallel, and a failed fetch frees the server.
import Testing

@testable import ClientRuntime

@Suite struct RefreshGateTests {
    @Test func requestsDuringAFetchMakeItFetchOnceMore() {
        let gate = RefreshGate()
        #expect(gate.enter("a"))
        #expect(!gate.enter("a"))
        #expect(!gate.enter("a"), "a burst is one more fetch, not one each")
        #expect(gate.enter("b"), "another server fetches at once")
        #expect(gate.again("a"))
        #expect(!gate.again("a"))
        #expect(gate.enter("a"), "free again after its fetches")
    }

    @Test func aFailedFetchFreesTheServer() {
        let gate = RefreshGate()
        #expect(gate.enter("a"))
        #expect(!gate.enter("a"))
        gate.abandon("a")
        #expect(gate.enter("a"))
    }
}
