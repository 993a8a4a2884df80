// A resize lays a pane's content out again; output adds to it. Only output may end a wait.
import Testing

@testable import ServerCore

struct CaptureContentTests {
    static let before = ["\u{1B}[32msoak 41\u{1B}[0m 10:00:01", "soak 42 10:00:02", "$ ", "", ""]

    @Test func aWiderOrTallerPaneIsARelayout() {
        let old = CaptureContent(Self.before)
        // Wider: rows joined, padding gone, the colour run split differently.
        let wider = CaptureContent(["\u{1B}[32msoak\u{1B}[0m 41 10:00:01 soak 42", "10:00:02", "$"])
        #expect(wider.isRelayout(of: old))
        // Taller: the capture reaches an older history row.
        let taller = CaptureContent(["soak 40 10:00:00"] + Self.before + ["", "", ""])
        #expect(taller.isRelayout(of: old))
        #expect(old.isRelayout(of: taller), "and back")
    }

    @Test func newOutputIsNot() {
        let old = CaptureContent(Self.before)
        #expect(!CaptureContent(Self.before.dropLast(3) + ["$ echo hi", "hi", "$ "]).isRelayout(of: old))
        // Scrolled: the oldest row left the capture and a new one came in.
        #expect(!CaptureContent(Array(Self.before.dropFirst()) + ["soak 43 10:00:03"]).isRelayout(of: old))
        // Anything on a blank pane is output; a blank pane stays blank when resized.
        #expect(!CaptureContent(["Do you want to proceed?"]).isRelayout(of: CaptureContent(["", ""])))
        #expect(CaptureContent(["", "", ""]).isRelayout(of: CaptureContent([""])))
    }
}
