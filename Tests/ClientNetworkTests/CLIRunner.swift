// Runs the built `claudepm` binary (found next to the test bundle) as a script would.

import Foundation
import TestSupport

struct CLIResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

enum CLIRunner {
    /// The build directory holding the test bundle and the executables.
    static var buildDirectory: URL {
        let path =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var url = URL(fileURLWithPath: path).deletingLastPathComponent()
        while url.path != "/" && !FileManager.default.fileExists(atPath: url.appendingPathComponent("claudepm").path) {
            url = url.deletingLastPathComponent()
        }
        return url
    }

    static func executable(_ name: String) -> URL {
        buildDirectory.appendingPathComponent(name)
    }

    /// Runs `claudepm` with `arguments` and a clean environment plus `environment`, off the
    /// cooperative pool.
    /// Starts `claudepm watch --json --url url` with `home` as HOME (stderr discarded); returns the
    /// process and its standard output.
    static func startWatch(
        url: URL, home: String, environment: [String: String] = [:]
    ) throws -> (Process, FileHandle) {
        let process = Process()
        process.executableURL = executable("claudepm")
        process.arguments = ["watch", "--json", "--url", url.absoluteString]
        process.environment = ["HOME": home, "XDG_STATE_HOME": home + "/state"].merging(environment) { $1 }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        return (process, out.fileHandleForReading)
    }

    static func run(_ arguments: [String], environment: [String: String] = [:], home: String) async throws -> CLIResult
    {
        try await offPool { try runBlocking(arguments, environment: environment, home: home) }
    }

    private static func runBlocking(
        _ arguments: [String], environment: [String: String], home: String
    ) throws -> CLIResult {
        let process = Process()
        process.executableURL = executable("claudepm")
        process.arguments = arguments
        var env = [
            "HOME": home, "PATH": "/usr/bin:/bin", "XDG_CONFIG_HOME": home + "/config",
            "XDG_STATE_HOME": home + "/state",
        ]
        env.merge(environment) { $1 }
        process.environment = env
        // Output goes to files, not pipes: a process another test starts at the same moment may
        // inherit a pipe's write end, and reading to EOF would then wait for that process.
        let base = FileManager.default.temporaryDirectory.path + "/claudepm-cli-" + UUID().uuidString
        _ = FileManager.default.createFile(atPath: base + ".out", contents: nil)
        _ = FileManager.default.createFile(atPath: base + ".err", contents: nil)
        defer {
            try? FileManager.default.removeItem(atPath: base + ".out")
            try? FileManager.default.removeItem(atPath: base + ".err")
        }
        process.standardOutput = FileHandle(forWritingAtPath: base + ".out")
        process.standardError = FileHandle(forWritingAtPath: base + ".err")
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let status = ChildWait.exitStatus(of: process)
        let outData = FileManager.default.contents(atPath: base + ".out") ?? Data()
        let errData = FileManager.default.contents(atPath: base + ".err") ?? Data()
        return CLIResult(
            status: status, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }
}
