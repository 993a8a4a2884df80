import ClientCore
import Foundation
import Testing

@testable import ClientNetwork

@Suite struct StateStoreTests {
    struct Sample: Codable, Equatable {
        var names: [String]
        var count: Int
    }

    @Test func savedValueLoadsBack() throws {
        let dir = try TempDirectory()
        let store = StateStore(directory: dir.path + "/servers/work")
        let saved = Sample(names: ["a", "漢字"], count: 3)
        try store.save(saved, as: "sessions", now: Date(timeIntervalSince1970: 1_700_000_000))
        let loaded = store.load(Sample.self, from: "sessions")
        guard case .loaded(let value, let savedAt) = loaded else {
            Issue.record("expected a loaded value, got \(loaded)")
            return
        }
        #expect(value == saved)
        #expect(savedAt == Date(timeIntervalSince1970: 1_700_000_000))
    }

    @Test func missingFileIsMissing() throws {
        let dir = try TempDirectory()
        let store = StateStore(directory: dir.path)
        guard case .missing = store.load(Sample.self, from: "tickets") else {
            Issue.record("expected .missing")
            return
        }
    }

    @Test func truncatedTemporaryFileFromACrashIsIgnored() throws {
        let dir = try TempDirectory()
        let store = StateStore(directory: dir.path)
        try store.save(Sample(names: ["old"], count: 1), as: "sessions")
        // A crash mid-write leaves a truncated temporary file next to the real one.
        let temporary = store.path(of: "sessions") + ".4242" + AtomicFile.temporarySuffix
        try Data("{\"version\":1,\"savedAt\":\"20".utf8).write(to: URL(fileURLWithPath: temporary))
        #expect(store.load(Sample.self, from: "sessions").value == Sample(names: ["old"], count: 1))
    }

    @Test func corruptMainFileIsReportedNotFatal() throws {
        let dir = try TempDirectory()
        let store = StateStore(directory: dir.path)
        try FileManager.default.createDirectory(atPath: store.directory, withIntermediateDirectories: true)
        try Data("{\"version\":1,\"sav".utf8).write(to: URL(fileURLWithPath: store.path(of: "sessions")))
        let loaded = store.load(Sample.self, from: "sessions")
        guard case .corrupt(let path, let detail) = loaded else {
            Issue.record("expected .corrupt, got \(loaded)")
            return
        }
        #expect(path == store.path(of: "sessions"))
        #expect(!detail.isEmpty)
        // Saving again repairs it.
        try store.save(Sample(names: [], count: 0), as: "sessions")
        #expect(store.load(Sample.self, from: "sessions").value == Sample(names: [], count: 0))
    }

    /// An empty file is corrupt, and is not read (FileManager.contents(atPath:) leaks 4 KiB on one).
    @Test func emptyMainFileIsCorrupt() throws {
        let dir = try TempDirectory()
        let store = StateStore(directory: dir.path)
        try FileManager.default.createDirectory(atPath: store.directory, withIntermediateDirectories: true)
        try Data().write(to: URL(fileURLWithPath: store.path(of: "sessions")))
        guard case .corrupt(_, let detail) = store.load(Sample.self, from: "sessions") else {
            Issue.record("expected .corrupt")
            return
        }
        #expect(detail == "the file is empty")
    }

    @Test func saveLeavesNoTemporaryFilesAndIsPrivate() throws {
        let dir = try TempDirectory()
        let store = StateStore(directory: dir.path + "/s")
        try store.save(Sample(names: ["x"], count: 1), as: "view")
        try store.save(Sample(names: ["y"], count: 2), as: "view")
        let files = try FileManager.default.contentsOfDirectory(atPath: store.directory)
        #expect(files == ["view.json"])
        let attributes = try FileManager.default.attributesOfItem(atPath: store.path(of: "view"))
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }

    @Test func serverNamesBecomeSafeDirectoryNames() {
        #expect(StateStore.safeName("work") == "work")
        #expect(StateStore.safeName("../etc") == "_.._etc")
        #expect(StateStore.safeName("a b/c") == "a_b_c")
        let server = ServerConfig(name: "home", url: URL(fileURLWithPath: "/"))
        let store = StateStore.forServer(server, environment: ["XDG_STATE_HOME": "/tmp/st", "HOME": "/h"])
        #expect(store?.directory.hasPrefix("/tmp/st/claudepm/servers/") == true)
    }

    @Test func twoServersOnOneHostHaveTwoCaches() throws {
        let environment = ["XDG_STATE_HOME": "/tmp/st", "HOME": "/h"]
        let urls = [
            "http://127.0.0.1:4847", "http://127.0.0.1:4848", "https://127.0.0.1:4847", "http://LOCALHOST:4847",
        ]
        let stores = try urls.map { url in
            let server = ServerConfig(name: "127.0.0.1", url: try #require(URL(string: url)))
            return try #require(StateStore.forServer(server, environment: environment))
        }
        #expect(Set(stores.map(\.directory)).count == urls.count)
        #expect(stores[0].identity == "http://127.0.0.1:4847")
        let ws = ServerConfig(name: "other name", url: try #require(URL(string: "ws://127.0.0.1:4847/")))
        #expect(StateStore.forServer(ws, environment: environment)?.directory == stores[0].directory)
    }

    @Test func aValueSavedForAnotherEndpointIsNeverLoaded() throws {
        let dir = try TempDirectory()
        let first = StateStore(directory: dir.path, identity: "http://127.0.0.1:4847")
        try first.save(["CSM-001"], as: "snapshot")
        #expect(first.load([String].self, from: "snapshot").value == ["CSM-001"])
        let second = StateStore(directory: dir.path, identity: "http://127.0.0.1:4848")
        guard case .corrupt(_, let detail) = second.load([String].self, from: "snapshot") else {
            Issue.record("a value of another endpoint was loaded")
            return
        }
        #expect(detail.contains("http://127.0.0.1:4847"))
    }
}

@Suite struct ClientStatePersistenceTests {
    @Test func cachedServerStateRoundTrips() throws {
        let dir = try TempDirectory()
        let store = StateStore(directory: dir.path)
        let state = CachedServerState(
            server: "work", sessions: [], ticketsByProject: ["p": []], notifications: [],
            savedAt: Date(timeIntervalSince1970: 1_800_000_000))
        try store.saveServerState(state)
        #expect(store.loadServerState().value == state)
        let view = UIViewState(lastView: "board", boardServer: "work", boardProject: "p")
        try store.saveViewState(view)
        #expect(store.loadViewState().value == view)
    }
}
