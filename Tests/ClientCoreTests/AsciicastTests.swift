// Reading asciicast v2: the header's size, each kind of event, times that never go back, and a
// bad line left out and counted without hiding the lines after it; a file that is not v2 is
// refused as a whole.
import ClientCore
import Foundation
import Testing

@Suite struct AsciicastTests {
    static func data(_ lines: [String]) -> Data { Data(lines.joined(separator: "\n").utf8) }

    @Test func eventsOfEveryKindAreReadInOrder() throws {
        let cast = try Asciicast.parse(
            Self.data([
                #"{"version": 2, "width": 80, "height": 24, "timestamp": 1796432860, "title": "demo"}"#,
                #"[0.5, "o", "\u001b[1mhi\r\n"]"#,
                #"[1.0, "r", "100x30"]"#,
                #"[1.5, "m", "waiting"]"#,
                #"[2.0, "i", "y"]"#,
                "",
            ]))
        #expect(cast.cols == 80 && cast.rows == 24 && cast.startedAt == 1_796_432_860 && cast.title == "demo")
        #expect(
            cast.events == [
                .init(time: 0.5, kind: .output("\u{1B}[1mhi\r\n")),
                .init(time: 1.0, kind: .resize(cols: 100, rows: 30)),
                .init(time: 1.5, kind: .marker("waiting")), .init(time: 2.0, kind: .input("y")),
            ])
        #expect(cast.skipped == 0 && cast.duration == 2.0)
    }

    @Test func aBadLineIsLeftOutAndCountedAndTheRestIsKept() throws {
        let cast = try Asciicast.parse(
            Self.data([
                #"{"version": 2, "width": 10, "height": 5}"#,
                #"[0.1, "o", "a"]"#,
                #"[0.2, "o""#,
                #"[0.3, "x", "unknown code"]"#,
                #"[0.4, "r", "0x0"]"#,
                #"[0.5, "o", "b"]"#,
                #"[0.2, "o", "c"]"#,
            ]))
        #expect(cast.events.map(\.kind) == [.output("a"), .output("b"), .output("c")])
        #expect(cast.skipped == 3 && cast.skippedLines == [3, 4, 5])
        #expect(cast.events.map(\.time) == [0.1, 0.5, 0.5], "a time that goes back keeps the last one")
    }

    @Test func aFileThatIsNotVersionTwoIsRefused() {
        #expect(throws: AsciicastError.self) { try Asciicast.parse(Data()) }
        #expect(throws: AsciicastError.self) { try Asciicast.parse(Data("not json\n".utf8)) }
        #expect(throws: AsciicastError.self) {
            try Asciicast.parse(Data(#"{"version": 1, "width": 80, "height": 24}"#.utf8))
        }
        #expect(throws: AsciicastError.self) {
            try Asciicast.parse(Data(#"{"version": 2, "width": 0, "height": 24}"#.utf8))
        }
    }
}
