// One bad record never costs the whole list: the others decode, the bad one is described.
import ClaudePMProtocol
import Foundation
import Testing

@testable import ClientNetwork

@Suite struct LossyListTests {
    static func session(_ id: String, status: String? = "running", context: String = "12") -> String {
        let statusField = status.map { #""status":"\#($0)","# } ?? ""
        return #"{"id":"\#(id)","project_id":"p","ticket_id":null,"type":"adhoc",\#(statusField)"source":"api","#
            + #""context_percent":\#(context),"pane_id":"%1","pane_name":null,"pane_command":null,"pane_cwd":null,"#
            + #""started_at":null,"ended_at":null,"created_at":"2026-11-24T10:00:00.000Z","#
            + #""updated_at":"2026-11-24T10:00:00.000Z","project":null,"ticket":null}"#
    }

    @Test func aBadRecordIsSkippedAndDescribed() throws {
        let json =
            "[" + [Self.session("a"), Self.session("b", status: nil), "42", Self.session("c")].joined(separator: ",")
            + "]"
        let list = try ClaudePMJSON.decoder().decode(LossyList<Session>.self, from: Data(json.utf8))
        #expect(list.items.map(\.id) == ["a", "c"])
        #expect(list.skipped.count == 2)
        #expect(list.skipped == ["#1 (b): no status", "#2: not an object"], "\(list.skipped)")
    }

    @Test func aFractionalContextPercentIsRounded() throws {
        let json = "[" + Self.session("a", context: "42.6") + "," + Self.session("b", context: "1e300") + "]"
        let list = try ClaudePMJSON.decoder().decode(LossyList<Session>.self, from: Data(json.utf8))
        #expect(list.items.map(\.contextPercent) == [43, 1_000_000])
        #expect(list.skipped.isEmpty)
    }
}
