// Records a server sent that could not be read reach the user on the status line: how many, and
// the first one by name (the rest are in the log).
import ClientCore
import TestSupport
import Testing

@testable import TUI

@Suite struct SkippedRecordsNoticeTests {
    @Test func theStatusLineNamesTheFirstRecordLeftOut() {
        var state = SceneFixtures.state(size: GridSize(cols: 120, rows: 30))
        let renderer = Renderer(surface: RecordingSurface(size: state.size))
        _ = state.reduce(.recordsSkipped(server: "local", ["session #1 (5eed0001): bad status"]))
        let one = "local: skipped a record it could not read: session #1 (5eed0001): bad status"
        #expect(state.flash == one)
        #expect(renderer.frame(state: state, screens: [:]).0.text().contains(one))
        _ = state.reduce(.recordsSkipped(server: "local", ["ticket of Lab #0 (aa): no state", "b", "c"]))
        #expect(
            state.flash
                == "local: skipped 3 records it could not read: ticket of Lab #0 (aa): no state; +2 more in the log")
    }
}
