// Loads the hand-written JSON fixtures from the test bundle.
import ClaudePMProtocol
import Foundation
import TestSupport
import Testing

/// Access to `Fixtures/**` in the test bundle.
enum Fixture {
    struct Missing: Error {
        let name: String
    }

    /// The fixtures directory inside the test bundle.
    static var directory: URL {
        get throws {
            guard let url = Bundle.module.url(forResource: "Fixtures", withExtension: nil) else {
                throw Missing(name: "Fixtures")
            }
            return url
        }
    }

    /// The bytes of `name` (a path relative to `Fixtures/`, e.g. `rest/session.json`).
    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent(name))
    }

    /// Every fixture path relative to `Fixtures/`, sorted.
    static func all() throws -> [String] {
        let root = try directory
        let files =
            FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }
            .filter { $0.pathExtension == "json" } ?? []
        return files.map { String($0.path.dropFirst(root.path.count + 1)) }.sorted()
    }

    /// Decodes fixture `name` as `T` with the Claude PM decoder.
    static func decode<T: Decodable>(_ type: T.Type, _ name: String) throws -> T {
        try ClaudePMJSON.decoder().decode(type, from: data(name))
    }

    /// Expects that `value` encodes to JSON equal to fixture `name`.
    static func expectEncodes<T: Encodable>(
        _ value: T, as name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let encoded = try ClaudePMJSON.encoder().encode(value)
        let expected = try data(name)
        #expect(
            JSONAssertions.semanticallyEqual(encoded, expected),
            "encoded:\n\(JSONAssertions.pretty(encoded))\nexpected:\n\(JSONAssertions.pretty(expected))",
            sourceLocation: sourceLocation)
    }

    /// Decodes fixture `name`, re-encodes it and expects the same JSON back.
    static func expectRoundTrip<T: Codable>(
        _ type: T.Type, _ name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let value = try decode(type, name)
        try expectEncodes(value, as: name, sourceLocation: sourceLocation)
    }
}

/// Dates used by the fixtures.
enum Stamp {
    static func date(_ text: String) throws -> Date {
        try #require(ISOTimestamp.parse(text))
    }
}
