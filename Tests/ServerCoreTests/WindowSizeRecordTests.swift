// The pure parts of putting windows back: reading tmux's answers (WindowSizeState.parse), the
// restore plan (set back what the user had, unset only what was unset, leave a window someone
// else changed), and the records file (0600, atomic, an unreadable file moved aside).
import Foundation
import Testing

@testable import ServerCore

@Suite struct WindowSizeRecordTests {
    static let server = TmuxServerIdentity(socket: "/tmp/tmux-0/s", pid: 42, startTime: "1700000000")

    static func window(
        _ cols: Int, _ rows: Int, option: String?, layout: String = "L1", panes: [String] = ["%1", "%2"],
        zoomed: Bool = false, server: TmuxServerIdentity = server
    ) -> WindowSizeState {
        WindowSizeState(
            server: server, windowId: "@3", size: WindowSize(cols: cols, rows: rows), option: option,
            effective: option ?? "latest", zoomed: zoomed, layout: layout, panes: panes)
    }

    static let record = WindowSizeRecord(
        session: "s", prior: window(100, 31, option: "smallest"), applied: [WindowSize(cols: 140, rows: 39)])

    @Test func aSizedWindowGetsItsSizeLayoutAndOwnOptionBack() {
        let now = Self.window(140, 39, option: "manual", layout: "L2")
        #expect(
            Self.record.restorePlan(current: now)
                == .commands([
                    ["resize-window", "-t", "@3", "-x", "100", "-y", "31"], ["select-layout", "-t", "@3", "L1"],
                    ["set-option", "-w", "-t", "@3", "window-size", "smallest"],
                ]))
    }

    @Test func anOptionTheUserNeverSetIsUnsetAndNothingElse() {
        var record = Self.record
        record.prior = Self.window(100, 31, option: nil, panes: ["%1"])
        #expect(
            record.restorePlan(current: Self.window(140, 39, option: "manual", panes: ["%1"]))
                == .commands([
                    ["resize-window", "-t", "@3", "-x", "100", "-y", "31"],
                    ["set-option", "-w", "-u", "-t", "@3", "window-size"],
                ]))
    }

    @Test func aLayoutIsNotForcedOnOtherPanesOrAZoomedWindow() {
        let moved = Self.window(140, 39, option: "manual", panes: ["%2", "%1"])
        let zoomed = Self.window(140, 39, option: "manual", zoomed: true)
        for current in [moved, zoomed] {
            guard case .commands(let commands) = Self.record.restorePlan(current: current) else {
                Issue.record("no commands for \(current)")
                continue
            }
            #expect(!commands.contains { $0.first == "select-layout" })
        }
    }

    @Test func aWindowAsItWasOrGoneIsLeftAlone() {
        #expect(Self.record.restorePlan(current: Self.record.prior) == .unchanged)
        #expect(Self.record.restorePlan(current: nil) == .gone)
        let restarted = TmuxServerIdentity(socket: Self.server.socket, pid: 43, startTime: "1700000100")
        #expect(Self.record.restorePlan(current: Self.window(140, 39, option: "manual", server: restarted)) == .gone)
    }

    @Test func aWindowSomeoneElseChangedIsLeftAsTheyMadeIt() {
        let option = Self.record.restorePlan(current: Self.window(140, 39, option: "largest"))
        let size = Self.record.restorePlan(current: Self.window(90, 20, option: "manual"))
        for plan in [option, size] {
            guard case .changedByOthers = plan else {
                Issue.record("expected the window to be left alone, got \(plan)")
                continue
            }
        }
        // A size claudepm set earlier (its newest one may not have reached tmux before a crash).
        let older = Self.record.applying(WindowSize(cols: 120, rows: 30))
        guard case .commands = older.restorePlan(current: Self.window(140, 39, option: "manual")) else {
            Issue.record("an earlier size claudepm set counts as a change by someone else")
            return
        }
    }

    @Test func tmuxAnswersAreReadAndCheckedAgainstTheTarget() {
        let identity = ControlReply(success: true, lines: [Array("/tmp/tmux 0/s 42 1700000000".utf8)])
        let line = "@3 %2 140 39 0 manual b25d,140x39,0,0,2 %2/"
        let window = ControlReply(success: true, lines: [Array(line.utf8)])
        let own = ControlReply(success: true, lines: [Array("manual".utf8)])
        let parsed = WindowSizeState.parse([identity, window, own], target: "%2")
        #expect(parsed.server == TmuxServerIdentity(socket: "/tmp/tmux 0/s", pid: 42, startTime: "1700000000"))
        #expect(parsed.window?.size == WindowSize(cols: 140, rows: 39))
        #expect(parsed.window?.option == "manual" && parsed.window?.panes == ["%2"])
        // tmux answers for another pane when the target is gone: not taken for the target.
        #expect(WindowSizeState.parse([identity, window, own], target: "%9").window == nil)
        let unset = ControlReply(success: true, lines: [])
        #expect(WindowSizeState.parse([identity, window, unset], target: "@3").window?.option == nil)
        let failed = ControlReply(success: false, lines: [])
        #expect(WindowSizeState.parse([identity, failed, failed], target: "@3").server != nil)
        #expect(WindowSizeState.parse([failed, failed, failed], target: "@3").server == nil)
    }

    @Test func theRecordsFileIsPrivateAndAnUnreadableOneIsMovedAside() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cpm-ledger-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let ledger = WindowSizeLedger(url: directory.appendingPathComponent("sizes.json"))
        try ledger.save([Self.record])
        let path = directory.appendingPathComponent("sizes.json").path
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o600)
        #expect(ledger.load().records == [Self.record])
        try ledger.save([])
        #expect(!FileManager.default.fileExists(atPath: path))

        try Data("{not json".utf8).write(to: URL(fileURLWithPath: path))
        let (records, problem) = ledger.load()
        #expect(records.isEmpty && problem?.contains("sizes.json.unreadable") == true)
        #expect(FileManager.default.fileExists(atPath: path + ".unreadable"))
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
