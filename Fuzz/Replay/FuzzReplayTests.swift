// Replays every fuzz corpus input and every saved crash (Fuzz/corpus/<target>/,
// Fuzz/crashes/<target>/) through the same property the libFuzzer target checks, in the regular
// (non-sanitizer) build, so a fixed crash stays fixed and the corpus keeps exercising the parsers.
import Foundation
import TestSupport
import Testing

@testable import ServerHTTP

@Suite("FuzzReplay", .ownThread)
struct FuzzReplayTests {
    static let targets: [(String, @Sendable ([UInt8]) -> String?)] = [
        ("server-message", ServerMessageProperty.check), ("client-message", ClientMessageProperty.check),
        ("terminal", TerminalProperty.check), ("config", ConfigProperty.check), ("state", StateProperty.check),
        ("server-body", ServerBodyProperty.check), ("control-mode", ControlModeProperty.check),
    ]

    /// Fuzz/ in the source tree.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

    static func inputs(_ target: String) -> [URL] {
        ["corpus", "crashes"].flatMap { kind -> [URL] in
            let dir = root.appendingPathComponent(kind).appendingPathComponent(target)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
            return names.filter { !$0.hasPrefix(".") }.sorted().map { dir.appendingPathComponent($0) }
        }
    }

    @Test(arguments: targets.map(\.0))
    func corpusAndCrashesHoldTheProperty(target: String) throws {
        let check = try #require(Self.targets.first { $0.0 == target }?.1)
        let files = Self.inputs(target)
        #expect(!files.isEmpty, "no corpus for \(target)")
        for file in files {
            let bytes = [UInt8](try Data(contentsOf: file))
            let failure = check(bytes)
            #expect(failure == nil, "\(target) \(file.lastPathComponent): \(failure ?? "")")
        }
    }

    /// The checks are not vacuous: a wrong value is caught.
    @Test func propertiesCanFail() {
        #expect(ConfigProperty.check(Array("fps = \"x\"\n[ui]\nfps = 100000\n".utf8)) == nil)
        #expect(TerminalProperty.isControl("\u{1B}") && TerminalProperty.isControl("\u{9B}"))
        #expect(!JSONPrinter.same(.int(1), .double(1.5)))
        #expect(ClientMessageProperty.limitBroken(.ptyResize(sessionId: "s", cols: 0, rows: 10)) != nil)
    }
}
