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
        try expectSameJSON(ClaudePMJSON.encoder().encode(value), data(name), sourceLocation: sourceLocation)
    }

    /// Expects equal JSON values with the same key order (the fixtures list keys in upstream's order).
    static func expectSameJSON(_ encoded: Data, _ expected: Data, sourceLocation: SourceLocation) {
        #expect(
            JSONAssertions.semanticallyEqual(encoded, expected),
            "encoded:\n\(JSONAssertions.pretty(encoded))\nexpected:\n\(JSONAssertions.pretty(expected))",
            sourceLocation: sourceLocation)
        #expect(
            JSONAssertions.keySequence(encoded) == JSONAssertions.keySequence(expected), "key order differs",
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

extension Fixture {
    /// Golden check in both directions: fixture `name` decodes to exactly `value`, and `value`
    /// encodes to JSON equal to the fixture.
    static func expectExact<T: Codable & Equatable>(
        _ value: T, _ name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let decoded = try decode(T.self, name)
        #expect(decoded == value, "decoded \(name) differs", sourceLocation: sourceLocation)
        try expectEncodes(value, as: name, sourceLocation: sourceLocation)
    }

    /// The same for a server WebSocket frame.
    static func expectExact(
        _ message: ServerMessage, _ name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let frame = try data(name)
        #expect(try ServerMessage.decode(frame) == message, "decoded \(name) differs", sourceLocation: sourceLocation)
        expectSameJSON(try message.encoded(), frame, sourceLocation: sourceLocation)
    }

    /// The same for a client WebSocket frame, which must also pass `ClientMessage.validate`.
    static func expectExact(
        _ message: ClientMessage, _ name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let frame = try data(name)
        #expect(try ClientMessage.decode(frame) == message, "decoded \(name) differs", sourceLocation: sourceLocation)
        #expect(ClientMessage.validate(frame) == .success(message), sourceLocation: sourceLocation)
        expectSameJSON(try message.encoded(), frame, sourceLocation: sourceLocation)
    }
}

/// A fixture timestamp; an unparsable text yields `distantPast` so the comparison fails visibly.
func at(_ text: String) -> Date {
    ISOTimestamp.parse(text) ?? .distantPast
}

/// Ids used across the fixtures.
enum ID {
    static let project = "3f2b8c1e-5a6d-4e7f-8a9b-0c1d2e3f4a5b"
    static let session = "9b2e4f6a-1c3d-4e5f-a6b7-c8d9e0f1a2b3"
    static let hookSession = "7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d"
    static let pausedSession = "5c6d7e8f-9a0b-4c1d-8e2f-3a4b5c6d7e8f"
    static let ticket = "c4d5e6f7-a8b9-4c0d-9e1f-2a3b4c5d6e7f"
    static let adhocTicket = "d1e2f3a4-b5c6-4d7e-8f90-a1b2c3d4e5f6"
    static let notification = "e7f8a9b0-c1d2-4e3f-a4b5-c6d7e8f9a0b1"
}
