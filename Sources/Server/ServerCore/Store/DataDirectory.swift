// Private permissions for the server's data: the data directory is created 0700 and the SQLite
// database is created 0600 before SQLite opens it. SQLite gives its `-wal` and `-shm` files the
// database file's mode, so they are 0600 too; files left by an earlier version are narrowed to 0600.
// An existing directory keeps its mode (it may be one the user chose and shares on purpose).
import Foundation

/// Creates the data directory and the database file with owner-only permissions.
enum DataDirectory {
    /// Directory mode: owner only.
    static let directoryMode: mode_t = 0o700
    /// Database, WAL and shared-memory file mode: owner read/write.
    static let fileMode: mode_t = 0o600

    /// Creates `directory` (and missing parents) with mode 0700 if it does not exist.
    static func prepare(_ directory: URL) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue {
            return
        }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try setMode(directoryMode, directory.path)
    }

    /// Creates the database at `path` as an empty 0600 file if absent; narrows it, its `-wal` and
    /// its `-shm` to 0600 if they exist.
    static func restrictDatabase(at path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, fileMode)
        guard fd >= 0 else { throw ServerError.configuration("cannot create \(path): \(errnoText())") }
        close(fd)
        for file in [path, path + "-wal", path + "-shm"] where FileManager.default.fileExists(atPath: file) {
            try setMode(fileMode, file)
        }
    }

    private static func setMode(_ mode: mode_t, _ path: String) throws {
        guard chmod(path, mode) == 0 else {
            throw ServerError.configuration("cannot set the mode of \(path): \(errnoText())")
        }
    }

    private static func errnoText() -> String { String(cString: strerror(errno)) }
}
