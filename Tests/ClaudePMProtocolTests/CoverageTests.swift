// Keeps the fixture set honest: every fixture file is used by a test, and every fixture is listed
// in docs/protocol-coverage.md.
import Foundation
import Testing

@Suite struct CoverageTests {
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    static func testSources() throws -> String {
        let files = try FileManager.default.contentsOfDirectory(at: testsDirectory, includingPropertiesForKeys: nil)
        return try files.filter { $0.pathExtension == "swift" && $0.lastPathComponent != "CoverageTests.swift" }
            .map { try String(contentsOf: $0, encoding: .utf8) }
            .joined(separator: "\n")
    }

    @Test func everyFixtureIsUsedByATest() throws {
        let sources = try Self.testSources()
        let fixtures = try Fixture.all()
        #expect(fixtures.count > 90)
        let unused = fixtures.filter { name in
            !sources.contains("\"\(name)\"") && !name.hasPrefix("ws/server/") && !name.hasPrefix("ws/client/")
        }
        #expect(unused.isEmpty, "fixtures not used by any test: \(unused)")
        let unusedMessages = fixtures.filter { name in
            (name.hasPrefix("ws/server/") || name.hasPrefix("ws/client/")) && !sources.contains("\"\(name)\"")
        }
        #expect(unusedMessages.isEmpty, "message fixtures without a golden test: \(unusedMessages)")
    }

    @Test func everyFixtureIsListedInTheCoverageDocument() throws {
        let document = Self.testsDirectory.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/protocol-coverage.md")
        let text = try String(contentsOf: document, encoding: .utf8)
        let missing = try Fixture.all().filter { !text.contains($0) }
        #expect(missing.isEmpty, "fixtures missing from docs/protocol-coverage.md: \(missing)")
    }
}
