import ClaudePMProtocol
import Foundation
import Testing

@Suite struct ClaudePMJSONTests {
    @Test func formatsLikeToISOString() throws {
        #expect(ISOTimestamp.format(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00.000Z")
        #expect(ISOTimestamp.format(Date(timeIntervalSince1970: 1_767_117_600.123)) == "2025-12-30T18:00:00.123Z")
        #expect(ISOTimestamp.format(Date(timeIntervalSince1970: 951_782_400)) == "2000-02-29T00:00:00.000Z")
        #expect(ISOTimestamp.format(Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59.000Z")
    }

    @Test func parsesWithAndWithoutFraction() throws {
        let base = try #require(ISOTimestamp.parse("2025-12-30T18:00:00Z"))
        #expect(base.timeIntervalSince1970 == 1_767_117_600)
        let millis = try #require(ISOTimestamp.parse("2025-12-30T18:00:00.250Z"))
        #expect(millis.timeIntervalSince1970 == 1_767_117_600.25)
        let offset = try #require(ISOTimestamp.parse("2025-12-30T20:00:00+02:00"))
        #expect(offset == base)
        let micros = try #require(ISOTimestamp.parse("2025-12-30T18:00:00.123456Z"))
        #expect(ISOTimestamp.format(micros) == "2025-12-30T18:00:00.123Z")
    }

    @Test(arguments: [
        "", "2025", "2025-13-01T00:00:00Z", "2025-02-30T00:00:00Z", "2025-12-30T24:00:00Z",
        "2025-12-30T18:00:00", "2025-12-30T18:00:00.Z", "2025-12-30 18:00:00Z", "2025-12-30T18:00:00Zjunk",
        "x025-12-30T18:00:00Z",
    ])
    func rejectsMalformedDates(text: String) {
        #expect(ISOTimestamp.parse(text) == nil)
    }

    /// Finer than a millisecond is rounded at parse as format rounds, so a parsed time formats and
    /// parses back to the same Date (libFuzzer `server-message`: `58.0005Z` came back as `58.001Z`).
    @Test(arguments: ["58.0005", "58.0004", "59.9996", "00.123456", "00.9995"])
    func subMillisecondTimesParseToTheirFormattedSelf(seconds: String) throws {
        let date = try #require(ISOTimestamp.parse("2025-12-30T17:59:\(seconds)Z"))
        let again = try #require(ISOTimestamp.parse(ISOTimestamp.format(date)))
        #expect(again == date, "\(ISOTimestamp.format(date))")
    }

    @Test func roundTripsEveryMillisecondPattern() throws {
        for millis in stride(from: 0, to: 1000, by: 7) {
            let text = "2026-11-22T04:59:59.\(String(format: "%03d", millis))Z"
            let date = try #require(ISOTimestamp.parse(text))
            #expect(ISOTimestamp.format(date) == text)
        }
    }

    @Test func coderUsesTheFormat() throws {
        struct Box: Codable, Equatable { var at: Date }
        let data = try ClaudePMJSON.encoder().encode(Box(at: Date(timeIntervalSince1970: 1.5)))
        #expect(String(decoding: data, as: UTF8.self) == #"{"at":"1970-01-01T00:00:01.500Z"}"#)
        let back = try ClaudePMJSON.decoder().decode(Box.self, from: Data(#"{"at":"1970-01-01T00:00:01Z"}"#.utf8))
        #expect(back.at.timeIntervalSince1970 == 1)
        #expect(throws: DecodingError.self) {
            try ClaudePMJSON.decoder().decode(Box.self, from: Data(#"{"at":"yesterday"}"#.utf8))
        }
    }
}
