// The data directory is created 0700 and the database, its WAL and its shared-memory file are 0600,
// whatever the process umask; database files left with wider modes are narrowed.
import Foundation
import Testing

@testable import ServerCore

@Suite("Store permissions")
struct StorePermissionsTests {
    static func mode(_ path: String) throws -> mode_t {
        var info = stat()
        try #require(stat(path, &info) == 0, "stat \(path)")
        return info.st_mode & 0o777
    }

    static func temporaryRoot() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("cpm-perm-\(UUID().uuidString)")
    }

    @Test func newDataDirectoryAndDatabaseArePrivate() throws {
        let root = Self.temporaryRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        let dir = root.appendingPathComponent("nested/data")
        // Opening migrates (writes), so SQLite has created the -wal and -shm files of the open pool.
        let store = try Store(directory: dir)
        let db = dir.appendingPathComponent("claudepm.sqlite").path
        #expect(try Self.mode(dir.path) == 0o700)
        for file in [db, db + "-wal", db + "-shm"] {
            #expect(FileManager.default.fileExists(atPath: file), "\(file)")
            #expect(try Self.mode(file) == 0o600, "\(file)")
        }
        withExtendedLifetime(store) {}
    }

    @Test func existingDatabaseFilesAreNarrowed() throws {
        let root = Self.temporaryRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let db = root.appendingPathComponent("claudepm.sqlite").path
        let first = try Store(directory: root)
        // An older server's files: world-readable. The first store is still open, so -wal and -shm exist.
        for file in [db, db + "-wal", db + "-shm"] { #expect(chmod(file, 0o644) == 0, "\(file)") }
        let second = try Store(directory: root)
        for file in [db, db + "-wal", db + "-shm"] { #expect(try Self.mode(file) == 0o600, "\(file)") }
        withExtendedLifetime((first, second)) {}
    }
}
