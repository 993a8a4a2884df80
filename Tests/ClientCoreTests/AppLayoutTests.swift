import ClientCore
import Foundation
import Testing

@Suite struct AppLayoutTests {
    @Test(arguments: [(1, 1), (2, 1), (40, 12), (120, 40), (300, 100)])
    func layoutIsValidAtAnySize(cols: Int, rows: Int) {
        for live in [0, 1, 3, 5, 12] {
            let layout = SessionsPageLayout.compute(
                size: GridSize(cols: cols, rows: rows), liveCount: live, listRows: 8, zoomed: false)
            let bounds = Rect(x: 0, y: 0, width: cols, height: rows)
            for rect in [layout.header, layout.footer, layout.list, layout.wall] + layout.tiles where !rect.isEmpty {
                #expect(rect.intersection(bounds) == rect)
            }
            #expect(layout.tiles.count <= 9)
        }
    }

    @Test func tileCountsFollowTheChoices() {
        let wall = Rect(x: 0, y: 0, width: 200, height: 60)
        #expect(SessionsPageLayout.tiles(in: wall, wanted: 1).count == 1)
        #expect(SessionsPageLayout.tiles(in: wall, wanted: 3).count == 4)
        #expect(SessionsPageLayout.tiles(in: wall, wanted: 5).count == 6)
        #expect(SessionsPageLayout.tiles(in: wall, wanted: 40).count == 9)
        #expect(SessionsPageLayout.tiles(in: Rect(x: 0, y: 0, width: 70, height: 12), wanted: 9).count == 2)
        #expect(SessionsPageLayout.tiles(in: Rect(x: 0, y: 0, width: 20, height: 5), wanted: 2).isEmpty)
    }

    @Test func kindsByWidth() {
        func kind(_ cols: Int, _ rows: Int) -> SessionsPageLayout.Kind {
            SessionsPageLayout.compute(size: GridSize(cols: cols, rows: rows), liveCount: 4, listRows: 6, zoomed: false)
                .kind
        }
        #expect(kind(79, 40) == .listOnly)
        #expect(kind(100, 40) == .listAbove)
        #expect(kind(160, 40) == .listBeside)
        #expect(kind(160, 10) == .listOnly)
    }

    @Test func outerTerminalAlertBytes() {
        let plain = OuterTerminalAlert.bytes(
            title: "claudepm", body: "Fix: permission", desktop: true, insideTmux: false)
        #expect(
            plain
                == Array(
                    "\u{7}\u{1B}]9;claudepm: Fix: permission\u{7}\u{1B}]777;notify;claudepm;Fix: permission\u{7}".utf8))
        #expect(OuterTerminalAlert.bytes(title: "t", body: "b", desktop: false, insideTmux: true) == [0x07])
        let wrapped = OuterTerminalAlert.bytes(title: "t", body: "b\u{1B};x", desktop: true, insideTmux: true)
        let expected =
            "\u{7}\u{1B}Ptmux;\u{1B}\u{1B}]9;t: bx\u{7}\u{1B}\\"
            + "\u{1B}Ptmux;\u{1B}\u{1B}]777;notify;t;bx\u{7}\u{1B}\\"
        #expect(wrapped == Array(expected.utf8))
        #expect(OuterTerminalAlert.isInsideTmux(environment: ["TMUX": "/tmp/tmux-0/default,1,0"]))
        #expect(!OuterTerminalAlert.isInsideTmux(environment: [:]))
    }
}
