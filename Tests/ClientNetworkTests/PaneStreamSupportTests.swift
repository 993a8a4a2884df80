// Whether a server streams panes is learnt without opening a stream (issue 35): the UI's event
// socket asks `GET /api/metrics` with every resync and says so before the resync lands. Against
// claudepm-server it says yes and skips `session:output`; against the upstream stand-in
// (`--upstream-compat`, no metrics) it says no and reports `session:output`, the tiles' pictures.

import ClaudePMProtocol
import ClientCore
import Foundation
import TestSupport
import Testing

@testable import ClientNetwork

@Suite(.enabled(if: ServerProcess.isAvailable, "needs the claudepm-server binary (full build)"))
struct PaneStreamSupportTests {
    static func outputs(_ recorder: EventRecorder) async -> [SessionOutputPayload] {
        await recorder.messages.compactMap { if case .sessionOutput(let payload) = $0 { payload } else { nil } }
    }

    @Test func claudepmServerSaysItStreamsPanesBeforeItsResyncLands() async throws {
        let fixture = try await ServerFixture.make()
        #expect(await fixture.rest.streamsPanes())
        let socket = EventSocket(
            server: fixture.config, apiKey: nil, tls: nil, configuration: ServerFixture.fastConnection,
            skipsSessionOutput: true)
        let recorder = EventRecorder.follow(socket)
        await socket.start()
        #expect(await eventually { await recorder.connected(snapshots: 1) })
        let answers = await recorder.streamSupport
        #expect(answers.map(\.paneStreams) == [true])
        #expect(answers.first?.snapshotsBefore == 0, "told before the resync it belongs to")
        await socket.shutdown()
    }

    @Test func theUpstreamStandInSaysNoAndItsSessionOutputIsReported() async throws {
        let fixture = try await ServerFixture.make(serverArguments: ["--upstream-compat"])
        #expect(await !fixture.rest.streamsPanes())
        let socket = EventSocket(
            server: fixture.config, apiKey: nil, tls: nil, configuration: ServerFixture.fastConnection,
            skipsSessionOutput: true)
        let recorder = EventRecorder.follow(socket)
        await socket.start()
        #expect(await eventually { await recorder.connected(snapshots: 1) })
        #expect(await recorder.streamSupport.map(\.paneStreams) == [false])
        #expect(await recorder.streamSupport.first?.snapshotsBefore == 0)
        let pictured = await eventually(within: 60) {
            await Self.outputs(recorder).contains { $0.sessionId == fixture.sessionId }
        }
        #expect(pictured, "no session:output from a server without pane streams")
        await socket.shutdown()
    }
}
