// The dependency rules of docs/architecture.md, checked on the sources: every module sits in its
// group (Sources/<group>/<module>: Client, Server, Shared, Tools), every `import` of every Swift
// file must be allowed for its module, no module imports across the groups' walls, and every
// library module has a header file (Sources/<group>/M/M.swift) saying what it owns and what it
// must not import. A new module or a new dependency means a deliberate edit here, in
// Package.swift's layout table and in docs/architecture.md.
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
        // The emulator both sides hold (the client draws from it, the server snapshots from it).
        "TerminalScreen": ["CVTerm", "CSupport"],
        "TUI": ["ClientCore", "TerminalScreen", "CNCursesW", "CSupport"],
        "ClientNetwork": Self.nio.union([
            "ClaudePMProtocol", "ClientCore", "AsyncHTTPClient", "CompressNIO", "Crypto", "Logging",
        ]),
        "ClientRuntime": [
            "ClaudePMProtocol", "ClientCore", "ClientNetwork", "TUI", "TerminalScreen", "CSupport", "Logging",
        ],
        "ServerCore": ["ClaudePMProtocol", "CSupport", "TerminalScreen", "GRDB", "Logging"],
        "ServerHTTP": Self.nio.union([
            "ServerCore", "ClaudePMProtocol", "Hummingbird", "HummingbirdCore", "HummingbirdTLS",
            "HummingbirdWebSocket", "HummingbirdWSCompression", "CompressNIO", "HTTPTypes", "Logging", "Prometheus",
        ]),
        "ServerPostgres": [
            "ServerCore", "PostgresNIO", "Logging", "NIOCore", "NIOPosix", "NIOConcurrencyHelpers", "NIOSSL",
        ],
        "claudepm": ["ArgumentParser", "ClaudePMProtocol", "ClientCore", "ClientNetwork", "ClientRuntime", "Logging"],
        "claudepm-server": [
            "ArgumentParser", "ClaudePMProtocol", "ServerCore", "ServerHTTP", "ServerPostgres", "Logging",
        ],
        "claudepm-demo-agent": ["ArgumentParser", "CSupport"],
        "libvterm-probe": ["CVTerm"],
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
            ["ServerCore", "ServerHTTP", "ServerPostgres", "GRDB", "Hummingbird", "PostgresNIO"],
            "the client never links the server"
        ),
        (
            ["TerminalScreen"], ["ClientCore", "ClaudePMProtocol", "ServerCore"],
            "the shared emulator knows bytes and cells, neither side's model"
        ),
        (
            ["ServerCore", "ServerHTTP", "ServerPostgres", "claudepm-server"],
            ["ClientCore", "ClientNetwork", "ClientRuntime", "TUI", "CNCursesW"], "the server never links the client"
        ),
        (["TUI"], ["ClientNetwork", "ClientRuntime"], "the TUI draws; it opens no socket"),
        (
            ["ClientCore"], ["TerminalScreen", "TUI"],
            "the model sits below the screen and the views (the TUI encodes ClientCore's keys through the screen)"
        ),
        (
            ["TerminalScreen"], ["TUI", "ClientNetwork", "ClientRuntime"],
            "the screen knows keys and bytes, not the views or the network"
        ),
        (["ServerCore"], ["ServerHTTP", "Hummingbird"], "ServerCore has no HTTP"),
        (
            ["ServerPostgres"], ["ServerHTTP", "Hummingbird", "GRDB"],
            "the PostgreSQL engine sits below HTTP, beside ServerCore's SQLite"
        ),
        (["claudepm", "claudepm-server"], ["LatencyProxy"], "the fault proxy is for tests and the bench only"),
        (
            ["ClientCore", "ClientNetwork", "TerminalScreen", "ClientRuntime", "claudepm"], ["CNCursesW"],
            "only the TUI calls ncurses"
        ),
    ]

    /// The groups of Sources/ and the modules each holds (Package.swift's `layout`).
    static let groups: [String: Set<String>] = [
        "Shared": ["ClaudePMProtocol", "CSupport", "CVTerm", "TerminalScreen"],
        "Client": ["CNCursesW", "ClientCore", "TUI", "ClientNetwork", "ClientRuntime", "claudepm"],
        "Server": ["ServerCore", "ServerHTTP", "ServerPostgres", "claudepm-server"],
        "Tools": ["LatencyProxy", "claudepm-bench", "claudepm-demo-agent", "libvterm-probe"],
    ]

    /// What a group's modules may import from other groups (the walls between them): the client
    /// and the server share only Shared; the tools may use the client's screen and the shared code.
    static let groupMayImport: [String: Set<String>] = [
        "Shared": [], "Client": ["Shared"], "Server": ["Shared"], "Tools": ["Shared", "Client"],
    ]

    static var sources: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
    }

    static func listing(_ url: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).filter { !$0.hasPrefix(".") }.sorted()
    }

    /// Every module directory as `(group, module)`.
    static func placedModules() throws -> [(group: String, module: String)] {
        try listing(sources).flatMap { group in
            try listing(sources.appendingPathComponent(group)).map { (group, $0) }
        }
    }

    static func modules() throws -> [String] { try placedModules().map(\.module) }

    static func group(of module: String) -> String? { groups.first { $0.value.contains(module) }?.key }

    static func directory(of module: String) -> URL {
        sources.appendingPathComponent(group(of: module) ?? "?").appendingPathComponent(module)
    }

    /// `(file, imported module)` for every import line of `module`.
    static func imports(of module: String) -> [(String, String)] {
        let root = directory(of: module)
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

    @Test func everyModuleSitsInItsGroup() throws {
        let placed = try Self.placedModules()
        #expect(Set(try Self.listing(Self.sources)) == Set(Self.groups.keys), "Sources/ holds only the groups")
        for (group, module) in placed {
            #expect(Self.groups[group]?.contains(module) == true, "Sources/\(group)/\(module) is in the wrong group")
        }
        #expect(placed.count == Self.groups.values.map(\.count).reduce(0, +), "a module of the table is missing")
    }

    @Test func noImportCrossesAGroupWall() throws {
        var crossings = 0
        for (group, module) in try Self.placedModules() {
            for (file, imported) in Self.imports(of: module) {
                guard let other = Self.group(of: imported), other != group else { continue }
                crossings += 1
                #expect(
                    Self.groupMayImport[group]?.contains(other) == true,
                    "\(file) (\(group)) imports \(imported) (\(other))")
            }
        }
        #expect(crossings > 10, "the walls are checked on real imports")
    }

    @Test func everyModuleIsInTheTable() throws {
        let modules = try Self.modules()
        #expect(modules.count >= 10)
        for module in modules {
            #expect(Self.allowed[module] != nil, "\(module) is not in the import table (docs/architecture.md)")
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
            "ServerCore", "ServerHTTP", "ServerPostgres",
        ] {
            let url = Self.directory(of: module).appendingPathComponent("\(module).swift")
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
