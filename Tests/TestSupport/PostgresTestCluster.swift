// A throwaway PostgreSQL cluster for the tests of the server's PostgreSQL store. Scripts/test starts
// one cluster for the whole run (Scripts/pg-cluster) and names its socket directory in
// CLAUDEPM_TEST_POSTGRES; a test process started any other way (a bare `swift test`) starts a cluster
// of its own on first use and stops it when it exits. Each test takes a database of its own
// (`createDatabase`), so tests never see each other's rows and can run in parallel. The cluster
// listens only on a Unix socket, with trust authentication for the superuser `claudepm`.
//
// Everything here blocks (starting a cluster takes a second or two, a CREATE DATABASE a few tens of
// milliseconds): call it from a test's setup, or from an `.ownThread` test.
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Why a PostgreSQL test cluster or database could not be had.
public enum PostgresTestClusterError: Error, CustomStringConvertible {
    /// PostgreSQL's programs were not found; `missing` says which.
    case notInstalled(missing: String)
    /// `Scripts/pg-cluster` failed.
    case clusterFailed(command: String, status: Int32, output: String)
    /// psql failed.
    case psqlFailed(sql: String, status: Int32, output: String)
    /// A database name outside `[a-z0-9_]`, or empty.
    case invalidDatabaseName(String)

    public var description: String {
        switch self {
        case .notInstalled(let missing):
            "PostgreSQL is not installed (no \(missing) on PATH or in /usr/lib/postgresql/*/bin): "
                + "run Scripts/bootstrap, or apt-get install postgresql"
        case .clusterFailed(let command, let status, let output):
            "\(command) failed (exit status \(status)): \(output)"
        case .psqlFailed(let sql, let status, let output):
            "psql failed on `\(sql)` (exit status \(status)): \(output)"
        case .invalidDatabaseName(let name):
            "invalid database name \"\(name)\" (want [a-z0-9_]+)"
        }
    }
}

/// The PostgreSQL cluster tests run against, and fresh databases in it.
public enum PostgresTestCluster {
    /// The environment variable naming the socket directory of a running cluster (Scripts/test
    /// sets it); when unset, the test process starts a cluster of its own.
    public static let environmentVariable = "CLAUDEPM_TEST_POSTGRES"

    /// True when a cluster can be had: psql is installed, and either `CLAUDEPM_TEST_POSTGRES` names a
    /// running cluster or initdb and pg_ctl are installed.
    public static var isAvailable: Bool {
        psqlPath != nil && (environmentDirectory != nil || binDirectory != nil)
    }

    /// The socket directory of the cluster: `CLAUDEPM_TEST_POSTGRES` if set, else that of a cluster
    /// this process starts on the first call (once, whichever thread calls first; the others wait)
    /// under /tmp and stops when it exits. Throws if PostgreSQL is not installed or the cluster does
    /// not start; a failed start is not retried.
    public static func socketDirectory() throws -> String {
        if let directory = environmentDirectory { return directory }
        return try localCluster.get()
    }

    /// The URL of `database` in the cluster, in the form claudepm-server's `--database` accepts:
    /// `postgres://claudepm@localhost/DATABASE?host=SOCKET_DIRECTORY`.
    public static func url(database: String) throws -> String {
        let directory = try socketDirectory()
        let path = database.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? database
        return "postgres://claudepm@localhost/\(path)?host=\(directory)"
    }

    /// Creates an empty database with a new name (`prefix`, lowercased with every character outside
    /// `[a-z0-9_]` made `_`, then `_` and 16 random hex digits) and returns its URL (`url(database:)`).
    /// Drop it with `dropDatabase`, passing the URL or the name.
    public static func createDatabase(prefix: String = "t") throws -> String {
        let name = uniqueName(prefix: prefix)
        try psql("CREATE DATABASE \"\(name)\"")
        return try url(database: name)
    }

    /// Drops a database (`WITH (FORCE)`: its open connections are ended first) if it exists; `name`
    /// is a database name or a URL `createDatabase` returned. Best effort, for `defer` blocks: it
    /// never throws, and does nothing when no cluster has been started.
    public static func dropDatabase(_ name: String) {
        guard let database = databaseName(name), isValid(database) else { return }
        guard environmentDirectory != nil || startedDirectory.withLock({ $0 }) != nil else { return }
        _ = try? psql("DROP DATABASE IF EXISTS \"\(database)\" WITH (FORCE)")
    }

    // MARK: Programs

    /// The directory holding initdb and pg_ctl: that of initdb on PATH (symlinks resolved), else the
    /// highest /usr/lib/postgresql/*/bin (Debian's layout); nil if PostgreSQL is not installed.
    private static let binDirectory: String? = {
        if let initdb = searchPath("initdb") {
            let directory = URL(fileURLWithPath: initdb).resolvingSymlinksInPath().deletingLastPathComponent().path
            if isExecutable("\(directory)/pg_ctl") { return directory }
        }
        let root = "/usr/lib/postgresql"
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        let sorted = versions.sorted { $0.compare($1, options: .numeric) == .orderedDescending }
        for version in sorted {
            let directory = "\(root)/\(version)/bin"
            if isExecutable("\(directory)/initdb") && isExecutable("\(directory)/pg_ctl") { return directory }
        }
        return nil
    }()

    /// psql: the one beside initdb (the server's version), else on PATH, else /usr/bin/psql.
    private static let psqlPath: String? = {
        if let directory = binDirectory, isExecutable("\(directory)/psql") { return "\(directory)/psql" }
        if let onPath = searchPath("psql") { return onPath }
        return isExecutable("/usr/bin/psql") ? "/usr/bin/psql" : nil
    }()

    /// `CLAUDEPM_TEST_POSTGRES`, if set and not empty.
    private static var environmentDirectory: String? {
        guard let value = ProcessInfo.processInfo.environment[environmentVariable], !value.isEmpty else {
            return nil
        }
        return value
    }

    /// The first executable `name` in a PATH directory.
    private static func searchPath(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = "\(directory)/\(name)"
            if isExecutable(candidate) { return candidate }
        }
        return nil
    }

    private static func isExecutable(_ path: String) -> Bool {
        access(path, X_OK) == 0
    }

    /// The environment for psql and Scripts/pg-cluster: ours without the PG* variables (PGHOST,
    /// PGPORT, PGUSER…), which would point psql at another server or the cluster at another port.
    private static var environment: [String: String] {
        ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("PG") }
    }

    /// Runs `argv` to completion (blocking) and returns its exit status (as a shell reports it) and
    /// its stdout and stderr.
    private static func run(_ argv: [String]) throws -> (status: Int32, output: String) {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("claudepm-pg-\(UUID())").path
        defer { unlink(log) }
        let pid = try Subprocess.spawn(argv, environment: environment, logPath: log)
        let status = ChildWait.exitStatus(ofPID: pid)
        let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        return (status, output.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Runs one SQL command as `claudepm` in the `postgres` database, stopping at the first error.
    private static func psql(_ sql: String) throws {
        guard let psql = psqlPath else { throw PostgresTestClusterError.notInstalled(missing: "psql") }
        let directory = try socketDirectory()
        let result = try run([
            psql, "-X", "-q", "-h", directory, "-U", "claudepm", "-d", "postgres", "-v", "ON_ERROR_STOP=1", "-c", sql,
        ])
        guard result.status == 0 else {
            throw PostgresTestClusterError.psqlFailed(sql: sql, status: result.status, output: result.output)
        }
    }

    // MARK: A private cluster (outage tests)

    /// Starts a cluster of the caller's own (not the shared one), for a test that stops and
    /// restarts its database; returns its socket directory. `halt` and `restart` it, `remove` it.
    public static func startPrivate() throws -> String {
        let directory = try makeDirectory()
        return try cluster("start", directory)
    }

    /// Stops the private cluster's server, keeping its data (a database outage).
    public static func halt(_ directory: String) throws { _ = try cluster("halt", directory) }

    /// Starts the halted private cluster again.
    public static func restart(_ directory: String) throws { _ = try cluster("start", directory) }

    /// Freezes the private cluster's server and every process it started (SIGSTOP): connections
    /// stay open and nothing answers, as behind a dead link or a stalled disk. Returns the
    /// processes to `thaw`.
    public static func freeze(_ directory: String) throws -> [pid_t] {
        let pidFile = try String(contentsOfFile: "\(directory)/data/postmaster.pid", encoding: .utf8)
        guard let line = pidFile.split(separator: "\n").first, let postmaster = pid_t(line) else {
            throw PostgresTestClusterError.psqlFailed(sql: "postmaster.pid", status: 0, output: pidFile)
        }
        let pids = [postmaster] + children(of: postmaster)
        for pid in pids { kill(pid, SIGSTOP) }
        return pids
    }

    /// Lets frozen processes run again.
    public static func thaw(_ pids: [pid_t]) {
        for pid in pids { kill(pid, SIGCONT) }
    }

    /// The processes whose parent is `parent` (from /proc).
    private static func children(of parent: pid_t) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> pid_t? in
            guard let pid = pid_t(entry),
                let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return nil }
            // After the command's closing parenthesis: state, then the parent's pid.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && pid_t(fields[1]) == parent ? pid : nil
        }
    }

    /// Stops the private cluster and removes it.
    public static func remove(_ directory: String) { _ = try? cluster("stop", directory) }

    /// The URL of `database` on the private cluster in `directory`.
    public static func url(database: String, directory: String) -> String {
        "postgres://claudepm@localhost/\(database)?host=\(directory)"
    }

    /// Runs `Scripts/pg-cluster <command> <directory>`; returns its last line.
    private static func cluster(_ command: String, _ directory: String) throws -> String {
        let script = "\(repositoryRoot)/Scripts/pg-cluster"
        let result = try run(["/bin/bash", script, command, directory])
        guard result.status == 0 else {
            throw PostgresTestClusterError.clusterFailed(
                command: "\(script) \(command) \(directory)", status: result.status, output: result.output)
        }
        return result.output.split(separator: "\n").last.map { String($0) } ?? ""
    }

    /// A new directory under /tmp (see `startLocalCluster`).
    private static func makeDirectory() throws -> String {
        var template = Array("/tmp/claudepm-pg.XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer -> String? in
            guard let base = buffer.baseAddress, mkdtemp(base) != nil else { return nil }
            return String(cString: base)
        }
        guard let directory = made else {
            throw PostgresTestClusterError.clusterFailed(
                command: "mkdtemp /tmp/claudepm-pg.XXXXXX", status: errno, output: String(cString: strerror(errno)))
        }
        return directory
    }

    // MARK: This process's own cluster

    /// The repository's root, found from this file's path (Tests/TestSupport/…).
    private static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    /// The socket directory of the cluster this process started, for the exit handler.
    private static let startedDirectory = Mutex<String?>(nil)

    /// This process's cluster, started on first use: Swift initialises a static `let` once, and
    /// callers on other threads wait for it.
    private static let localCluster: Result<String, any Error> = Result { try startLocalCluster() }

    /// Starts a cluster in a new directory under /tmp (not $TMPDIR: as root the cluster runs as the
    /// postgres user, who must reach the directory, and a socket path must stay short) and registers
    /// its stop at exit.
    private static func startLocalCluster() throws -> String {
        guard binDirectory != nil else { throw PostgresTestClusterError.notInstalled(missing: "initdb and pg_ctl") }
        guard psqlPath != nil else { throw PostgresTestClusterError.notInstalled(missing: "psql") }
        let directory = try makeDirectory()
        let script = "\(repositoryRoot)/Scripts/pg-cluster"
        let result = try run(["/bin/bash", script, "start", directory])
        let lastLine = result.output.split(separator: "\n").last.map { String($0) } ?? ""
        guard result.status == 0, lastLine.hasPrefix("/") else {
            _ = try? run(["/bin/bash", script, "stop", directory])
            throw PostgresTestClusterError.clusterFailed(
                command: "\(script) start \(directory)", status: result.status, output: result.output)
        }
        startedDirectory.withLock { $0 = lastLine }
        atexit { PostgresTestCluster.stopLocalCluster() }
        return lastLine
    }

    /// Stops this process's cluster and removes its directory (the exit handler).
    private static func stopLocalCluster() {
        guard let directory = startedDirectory.withLock({ $0 }) else { return }
        _ = try? run(["/bin/bash", "\(repositoryRoot)/Scripts/pg-cluster", "stop", directory])
    }

    // MARK: Names

    /// `prefix` made a valid name, then `_` and 16 random hex digits: at most 57 characters, under
    /// PostgreSQL's 63.
    private static func uniqueName(prefix: String) -> String {
        var cleaned = String(prefix.lowercased().map { isNameCharacter($0) ? $0 : "_" }.prefix(40))
        if cleaned.isEmpty || cleaned.first?.isNumber == true { cleaned = "t" + cleaned }
        let random = UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(16)
        return "\(cleaned)_\(random)"
    }

    /// `[a-z0-9_]`.
    private static func isNameCharacter(_ character: Character) -> Bool {
        guard let ascii = character.asciiValue else { return false }
        return (0x61...0x7a).contains(ascii) || (0x30...0x39).contains(ascii) || ascii == 0x5f
    }

    private static func isValid(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 63 && name.allSatisfy(isNameCharacter)
    }

    /// The database `nameOrURL` names: itself, or the path of a `postgres://` URL.
    private static func databaseName(_ nameOrURL: String) -> String? {
        guard nameOrURL.contains("://") else { return nameOrURL }
        guard let path = URLComponents(string: nameOrURL)?.path, path.hasPrefix("/") else { return nil }
        return String(path.dropFirst())
    }
}
