// The engine-neutral store interface on its SQLite engine: the record helpers (insert, update,
// save, find, first, count, delete) and typed values round-trip; a write that throws leaves
// nothing behind; rows from before hosts were recorded (migration v3) are adopted by the server
// that opens the file; the insertion-order column orders ties. PostgreSQL runs the same
// interface in ServerPostgresTests and the whole server suite (Scripts/test's second pass).
import Foundation
import Testing

@testable import ServerCore

@Suite("SQLite store")
struct SQLiteStoreTests {
    static let at = Date(timeIntervalSince1970: 1_790_000_000.25)

    static func project(_ id: String, repo: String, host: String = "here") -> ProjectRecord {
        ProjectRecord(
            id: id, name: "P \(id)", repoPath: repo, ticketsPath: "docs/t/", handoffPath: "h.md", tmuxSession: "main",
            tmuxWindow: nil, command: nil, createdAt: at, updatedAt: at, host: host)
    }

    static func ticket(_ id: String, project: String) -> TicketRecord {
        TicketRecord(
            id: id, projectId: project, externalId: "ABC-\(id)", title: "T \(id)", state: "backlog",
            filePath: "docs/t/\(id).md", isAdhoc: true, isExplore: false, rejectionFeedback: "why\nnot",
            startedAt: at, completedAt: nil, createdAt: at, updatedAt: at)
    }

    @Test func recordsRoundTripThroughTheHelpers() throws {
        let store = try Store()
        let p = Self.project("p1", repo: "/r1")
        let t = Self.ticket("t1", project: "p1")
        try store.write { db in
            try db.insert(p)
            try db.insert(t)
        }
        #expect(try store.read { try $0.find(ProjectRecord.self, id: "p1") } == p)
        #expect(try store.read { try $0.find(TicketRecord.self, id: "t1") } == t)
        var changed = t
        changed.state = "done"
        changed.completedAt = Self.at.addingTimeInterval(60)
        try store.write { try $0.save(changed) }
        #expect(try store.read { try $0.find(TicketRecord.self, id: "t1") } == changed)
        #expect(try store.read { try $0.count(TicketRecord.self, where: "state = ?", [.text("done")]) } == 1)
        #expect(try store.write { try $0.delete(TicketRecord.self, id: "t1") })
        #expect(try store.write { try $0.delete(TicketRecord.self, id: "t1") } == false)
        #expect(try store.read { try $0.find(TicketRecord.self, id: "t1") } == nil)
    }

    @Test func aWriteThatThrowsLeavesNothingBehind() throws {
        struct Refused: Error {}
        let store = try Store()
        #expect(throws: Refused.self) {
            try store.write { db in
                try db.insert(Self.project("p1", repo: "/r1"))
                throw Refused()
            }
        }
        #expect(try store.read { try $0.count(ProjectRecord.self) } == 0)
    }

    @Test func tiesAreOrderedByInsertion() throws {
        let store = try Store()
        try store.write { db in
            for i in [3, 1, 2] { try db.insert(Self.project("p\(i)", repo: "/r\(i)")) }
        }
        let ids = try store.read { db in
            try db.all(ProjectRecord.self, orderBy: "created_at DESC, \(db.dialect.sequence) DESC").map(\.id)
        }
        #expect(ids == ["p2", "p1", "p3"])
    }

    @Test func rowsWrittenBeforeHostsWereRecordedAreAdoptedOnOpen() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cpm-store-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        do {
            let old = try Store(directory: dir, host: "first")
            try old.write { db in
                try db.insert(Self.project("p1", repo: "/r1"))
                // As a file from before migration v3 has them: no host.
                try db.execute("UPDATE projects SET host = ''", [])
            }
        }
        let reopened = try Store(directory: dir, host: "second")
        #expect(try reopened.read { try $0.find(ProjectRecord.self, id: "p1") }?.host == "second")
    }

    @Test func anIntegerColumnNeverTraps() {
        let columns = StoreColumns(["n"])
        let read = { (value: SQLValue) in StoreRow(columns: columns, values: [value]).int("n") }
        #expect([.double(.nan), .double(.infinity), .double(-.infinity), .double(1e30)].map(read) == [0, 0, 0, 0])
        #expect([.double(42.7), .double(-3.9), .int(7), .null].map(read) == [42, -3, 7, 0])
    }
}
