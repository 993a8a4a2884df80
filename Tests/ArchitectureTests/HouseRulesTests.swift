// Rules of the house that are not about imports, checked on the sources:
// - a top-level type name is used once in the whole of Sources, and a nested type never takes the
//   name of a top-level type of its own module or of a shared module (which every module sees),
//   so a name always means one thing wherever it is read;
// - the client's reducers switch exhaustively over their events and messages (no `default:`), so
//   a new event or message does not compile until the reducer says what it does with it;
// - WebSocket frames are typed: outside the protocol module no code spells a frame's JSON
//   (`{"type":…`) itself, but for the `pty:output` fast path, which its tests hold byte-identical
//   to the typed encoding;
// - the server's code awaits the store (`try await store.read/write`): a synchronous store call
//   blocks a thread of the Swift concurrency pool (two on two cores) for a whole database round
//   trip, and a frozen database then held every route, `/api/health` too.
import Foundation
import Testing

@Suite struct HouseRulesTests {
    /// A type declared in a file: its name, whether it is top-level, and where.
    struct Declaration: Hashable {
        var name: String
        var topLevel: Bool
        var module: String
        var file: String
    }

    /// The type declared on `line`, if any: `(name, top-level)`.
    static func declaredType(_ line: String) -> (name: String, topLevel: Bool)? {
        let kinds = ["struct ", "class ", "enum ", "actor ", "protocol "]
        guard kinds.contains(where: line.contains) else { return nil }
        let pattern =
            #"^(\s*)(?:@[A-Za-z]+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private|final|indirect)\s+)*(?:struct|class|enum|actor|protocol)\s+([A-Z][A-Za-z0-9_]*)"#
        guard let match = line.firstMatch(of: try! Regex(pattern)),
            let indent = match.output[1].substring, let name = match.output[2].substring
        else { return nil }
        return (String(name), indent.isEmpty)
    }

    static func declarations() throws -> [Declaration] {
        var found: [Declaration] = []
        for (_, module) in try ImportRulesTests.placedModules() {
            let root = ImportRulesTests.directory(of: module)
            guard let files = FileManager.default.enumerator(atPath: root.path) else { continue }
            for case let file as String in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
                for line in text.split(separator: "\n") {
                    guard let (name, topLevel) = declaredType(String(line)) else { continue }
                    found.append(Declaration(name: name, topLevel: topLevel, module: module, file: "\(module)/\(file)"))
                }
            }
        }
        return found
    }

    @Test func typeNamesMeanOneThing() throws {
        let all = try Self.declarations()
        let top = Dictionary(grouping: all.filter(\.topLevel), by: \.name)
        #expect(top.count > 300, "the checker sees the sources' types")
        for (name, places) in top where places.count > 1 {
            Issue.record("\(name) is declared at top level \(places.count) times: \(places.map(\.file).sorted())")
        }
        let shared = ImportRulesTests.groups["Shared"] ?? []
        for nested in all where !nested.topLevel {
            let clashes = (top[nested.name] ?? []).filter { $0.module == nested.module || shared.contains($0.module) }
            if let other = clashes.first {
                Issue.record("\(nested.file) nests a \(nested.name), the name of \(other.file)'s type")
            }
        }
    }

    @Test func theTypeCheckerSeesDeclarations() {
        #expect(Self.declaredType("public struct ProjectDetail: Sendable {")! == ("ProjectDetail", true))
        #expect(Self.declaredType("    @MainActor final class Box {")! == ("Box", false))
        #expect(Self.declaredType("@frozen public indirect enum Tree {")! == ("Tree", true))
        #expect(Self.declaredType("// struct NotAType") == nil)
        #expect(Self.declaredType("let structure = 1") == nil)
    }

    /// The client's reducers: events (`AppState+Reduce*`) and server messages (`AppState+Messages`).
    static func reducerFiles() throws -> [URL] {
        let app = ImportRulesTests.directory(of: "ClientCore").appendingPathComponent("App")
        return try ImportRulesTests.listing(app).filter {
            $0.hasPrefix("AppState+Reduce") || $0 == "AppState+Messages.swift"
        }
        .map { app.appendingPathComponent($0) }
    }

    @Test func reducersSwitchExhaustively() throws {
        let files = try Self.reducerFiles()
        #expect(files.count >= 2, "the reducers were found")
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            let lines = text.split(separator: "\n").enumerated().filter { $0.element.contains("default:") }
            for (index, _) in lines {
                Issue.record("\(file.lastPathComponent):\(index + 1) has a default: list the cases instead")
            }
        }
    }

    /// The one file outside ClaudePMProtocol allowed to spell a frame: the `pty:output` fast path.
    static let framesSpelledBy: Set<String> = ["ServerHTTP/WebSocket/PTYOutputEncoder.swift"]

    @Test func noFrameIsSpelledOutsideTheProtocol() throws {
        var spelled = Set<String>()
        for (_, module) in try ImportRulesTests.placedModules() where module != "ClaudePMProtocol" {
            let root = ImportRulesTests.directory(of: module)
            guard let files = FileManager.default.enumerator(atPath: root.path) else { continue }
            for case let file as String in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
                let code = text.split(separator: "\n").filter {
                    !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//")
                }
                if code.contains(where: { $0.contains(#"{"type":"#) || $0.contains(#"{\"type\":"#) }) {
                    spelled.insert("\(module)/\(file)")
                }
            }
        }
        #expect(spelled == Self.framesSpelledBy, "frames spelled outside the protocol: \(spelled.sorted())")
    }

    @Test func theServerAwaitsItsStore() throws {
        var blocking: [String] = []
        for module in ["ServerCore", "ServerHTTP", "ServerPostgres", "claudepm-server"] {
            let root = ImportRulesTests.directory(of: module)
            guard let files = FileManager.default.enumerator(atPath: root.path) else { continue }
            for case let file as String in files where file.hasSuffix(".swift") && !file.hasPrefix("Store/") {
                let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    let code = line.trimmingCharacters(in: .whitespaces)
                    guard !code.hasPrefix("//"), code.contains("store.read") || code.contains("store.write") else {
                        continue
                    }
                    if !code.contains("await ") { blocking.append("\(module)/\(file):\(number + 1)") }
                }
            }
        }
        #expect(blocking.isEmpty, "synchronous store calls: \(blocking)")
    }
}
