// The dependency rules of docs/architecture.md, checked on the sources: every `import` of every
// Swift file under Sources/ must be allowed for its module, and every library module has a
// header file (Sources/M/M.swift) saying what it owns and what it must not import. A new module
// or a new dependency means a deliberate edit here and in docs/architecture.md.
import Foundation
import Testing

@Suite struct ImportRulesTests {
    /// Modules every target may import (the toolchain's own).
    static let system: Set<String> = [
        "Foundation", "Dispatch", "Glibc", "Darwin", "Synchronization", "FoundationNetworking",
    ]

    static let nio: Set<String> = [
        "NIOCore", "NIOPosix", "NIOSSL", "NIOHTTP1", "NIOWebSocket", "NIOConcurrencyHelpers",
    ]

    /// What each module may import besides `system`.
    static let allowed: [String: Set<String>] = [
        "CSupport": [], "CVTerm": [], "CNCursesW": [],
        "ClaudePMProtocol": [],
        "ClientCore": ["ClaudePMProtocol"],
        "TerminalScreen": ["CVTerm", "CSupport"],
        "TUI": ["ClientCore", "TerminalScreen", "CNCursesW", "CSupport"],
        "ClientNetwork": Self.nio.union([
            "ClaudePMProtocol", "ClientCore", "AsyncHTTPClient", "Crypto", "HTTPTypes", "Logging", "WSClient",
            "WSCompression",
        ]),
        "ClientRuntime": [
            "ClaudePMProtocol", "ClientCore", "ClientNetwork", "TUI", "TerminalScreen", "CSupport", "Logging",
        ],
        "ServerCore": ["ClaudePMProtocol", "CSupport", "GRDB", "Logging"],
        "ServerHTTP": Self.nio.union([
            "ServerCore", "ClaudePMProtocol", "Hummingbird", "HummingbirdCore", "HummingbirdTLS",
            "HummingbirdWebSocket", "HummingbirdWSCompression", "HTTPTypes", "Logging", "Prometheus",
        ]),
        "claudepm": ["ArgumentParser", "ClaudePMProtocol", "ClientCore", "ClientNetwork", "ClientRuntime", "Logging"],
        "claudepm-server": ["ArgumentParser", "ClaudePMProtocol", "ServerCore", "ServerHTTP", "Logging"],
        "claudepm-demo-agent": ["ArgumentParser", "CSupport"],
        "claudepm-bench": ["ArgumentParser", "CSupport", "ClaudePMProtocol", "TerminalScreen", "LatencyProxy"],
        "LatencyProxy": [],
    ]

    /// Edges that must never appear, whatever `allowed` says (the rules the table must keep).
    static let forbidden: [(from: Set<String>, to: Set<String>, why: String)] = [
        (
            ["ClaudePMProtocol", "ClientCore"],
            Self.nio.union(["Hummingbird", "GRDB", "CNCursesW", "CVTerm", "Logging"]),
            "pure modules do no I/O"
        ),
        (
            ["ClientCore", "ClientNetwork", "ClientRuntime", "TUI", "TerminalScreen", "claudepm"],
            ["ServerCore", "ServerHTTP", "GRDB", "Hummingbird"], "the client never links the server"
        ),
        (
            ["ServerCore", "ServerHTTP", "claudepm-server"],
            ["ClientCore", "ClientNetwork", "ClientRuntime", "TUI", "CNCursesW"], "the server never links the client"
        ),
        (["TUI"], ["ClientNetwork", "ClientRuntime"], "the TUI draws; it opens no socket"),
        (["ServerCore"], ["ServerHTTP", "Hummingbird"], "ServerCore has no HTTP"),
        (["claudepm", "claudepm-server"], ["LatencyProxy"], "the fault proxy is for tests and the bench only"),
        (
            ["ClientCore", "ClientNetwork", "TerminalScreen", "ClientRuntime", "claudepm"], ["CNCursesW"],
            "only the TUI calls ncurses"
        ),
    ]

    static var sources: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
    }

    static func modules() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { !$0.hasPrefix(".") }.sorted()
    }

    /// `(file, imported module)` for every import line of `module`.
    static func imports(of module: String) -> [(String, String)] {
        let root = sources.appendingPathComponent(module)
        guard let files = FileManager.default.enumerator(atPath: root.path) else { return [] }
        var found: [(String, String)] = []
        for case let file as String in files where file.hasSuffix(".swift") {
            guard let text = try? String(contentsOf: root.appendingPathComponent(file), encoding: .utf8) else {
                continue
            }
            for line in text.split(separator: "\n") {
                if let imported = importedModule(String(line)) { found.append(("\(module)/\(file)", imported)) }
            }
        }
        return found
    }

    @Test func everyModuleIsInTheTable() throws {
        let modules = try Self.modules()
        #expect(modules.count >= 10)
        for module in modules {
            #expect(Self.allowed[module] != nil, "Sources/\(module) is not in the import table (docs/architecture.md)")
        }
    }

    @Test func everyImportIsAllowed() throws {
        var checked = 0
        for module in try Self.modules() {
            let allowed = (Self.allowed[module] ?? []).union(Self.system)
            for (file, imported) in Self.imports(of: module) {
                checked += 1
                #expect(allowed.contains(imported), "\(file) imports \(imported), not allowed for \(module)")
            }
        }
        #expect(checked > 100)
    }

    @Test func theTableKeepsTheForbiddenEdgesOut() {
        for rule in Self.forbidden {
            for module in rule.from {
                let bad = (Self.allowed[module] ?? []).intersection(rule.to)
                #expect(bad.isEmpty, "\(module) may import \(bad.sorted()): \(rule.why)")
            }
        }
    }

    @Test func libraryModulesSayWhatTheyOwnAndMustNotImport() throws {
        for module in [
            "ClaudePMProtocol", "ClientCore", "TerminalScreen", "TUI", "ClientNetwork", "ClientRuntime",
            "ServerCore", "ServerHTTP",
        ] {
            let url = Self.sources.appendingPathComponent(module).appendingPathComponent("\(module).swift")
            let text = try String(contentsOf: url, encoding: .utf8)
            #expect(text.hasPrefix("// \(module):"), "\(module).swift must open with its header")
            #expect(text.contains("Must not import:"), "\(module).swift must say what it must not import")
            #expect(text.contains("Data flow:"), "\(module).swift must say where it sits in the data flow")
        }
    }

    @Test func theCheckerSeesAForbiddenImport() {
        // The line parser itself: attributes and declaration kinds are seen through, comments are not imports.
        let lines = ["@preconcurrency import NIOCore", "import struct Hummingbird.Router", "// import GRDB"]
        #expect(lines.compactMap(Self.importedModule) == ["NIOCore", "Hummingbird"])
    }

    /// The module a single line imports, or nil (used by `imports(of:)`'s rule, kept testable).
    static func importedModule(_ line: String) -> String? {
        let words = line.trimmingCharacters(in: .whitespaces).split(separator: " ")
        guard let i = words.firstIndex(of: "import"), words[..<i].allSatisfy({ $0.hasPrefix("@") }), i + 1 < words.count
        else { return nil }
        let kinds: Set<Substring> = ["struct", "enum", "class", "func", "protocol", "typealias", "var", "let"]
        let target = kinds.contains(words[i + 1]) ? (i + 2 < words.count ? words[i + 2] : "") : words[i + 1]
        return String(target.split(separator: ".").first ?? target)
    }
}
