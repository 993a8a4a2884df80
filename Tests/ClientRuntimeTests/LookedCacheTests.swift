// When the user last looked at each session spans runs of claudepm: what one run saves at quit
// (per server, under the XDG state directory) comes back as the next run's first events, each
// session under its own server; a server whose file is corrupt loses only its own looks.
import ClientCore
import ClientNetwork
import Foundation
import Testing

@testable import ClientRuntime

@Suite struct LookedCacheTests {
    static let servers = [
        ServerConfig(name: "local", url: URL(string: "http://127.0.0.1:3100")!),
        ServerConfig(name: "remote", url: URL(string: "http://10.0.0.2:3100")!),
    ]

    static func looked(in events: [AppEvent]) -> [SessionKey: Date]? {
        for event in events { if case .lookedLoaded(let looked) = event { return looked } }
        return nil
    }

    @Test func looksSavedAtQuitAreTheNextRunsFirstEvents() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("looked-\(UUID())")
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = ["XDG_STATE_HOME": home.path]
        let a = SessionKey(server: "local", sessionId: "s-a")
        let c = SessionKey(server: "remote", sessionId: "s-c")
        let when = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(Self.looked(in: SnapshotCache(servers: Self.servers, environment: environment).cachedEvents()) == nil)
        SnapshotCache(servers: Self.servers, environment: environment).saveLooked([a: when, c: when + 60])
        let next = SnapshotCache(servers: Self.servers, environment: environment).cachedEvents()
        #expect(Self.looked(in: next) == [a: when, c: when + 60])
        let remote = try #require(StateStore.forServer(Self.servers[1], environment: environment))
        try Data("{not json".utf8).write(to: URL(fileURLWithPath: remote.path(of: SnapshotCache.lookedName)))
        let afterCorruption = SnapshotCache(servers: Self.servers, environment: environment).cachedEvents()
        #expect(Self.looked(in: afterCorruption) == [a: when], "only remote's looks are lost")
    }
}
