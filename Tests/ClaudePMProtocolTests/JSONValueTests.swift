import ClaudePMProtocol
import Foundation
import Testing

@Suite struct JSONValueTests {
    @Test func distinguishesBooleansFromNumbers() throws {
        let value = try JSONValue.parse(Data(#"[true, 1, 0, false, 1.5, null, "1", {"a": [ ]}]"#.utf8))
        #expect(
            value
                == .array([
                    .bool(true), .number(1), .number(0), .bool(false), .number(1.5), .null, .string("1"),
                    .object(["a": .array([])]),
                ]))
    }

    @Test func encodesWholeNumbersWithoutFraction() throws {
        let data = try ClaudePMJSON.encoder().encode(JSONValue.array([.number(500), .number(-2), .number(0.25)]))
        #expect(String(decoding: data, as: UTF8.self) == "[500,-2,0.25]")
    }

    @Test func roundTripsNestedValues() throws {
        let value = JSONValue.object([
            "issues": .array([.object(["path": .array([.string("payload"), .number(0)]), "ok": .bool(false)])]),
            "text": .string("é \u{1B}[0m \"quoted\""),
        ])
        let data = try ClaudePMJSON.encoder().encode(value)
        #expect(try JSONValue.parse(data) == value)
        #expect(value["issues"]?.arrayValue?.count == 1)
        #expect(value["missing"] == nil && JSONValue.null["x"] == nil)
    }

    @Test func acceptsTopLevelScalars() throws {
        #expect(try JSONValue.parse(Data("42".utf8)) == .number(42))
        #expect(try JSONValue.parse(Data(#""s""#.utf8)) == .string("s"))
    }
}
