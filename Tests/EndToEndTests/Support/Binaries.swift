// Finds the executables the package built, next to the test bundle (`.build/<triple>/debug`).
import Foundation
import TestSupport

enum Binaries {
    /// The build products directory: where `swift build` put the executables.
    static var directory: URL {
        if let override = ProcessInfo.processInfo.environment["CLAUDEPM_BIN_DIR"] {
            return URL(fileURLWithPath: override)
        }
        return BuiltProducts.path(of: "claudepm").map { URL(fileURLWithPath: $0).deletingLastPathComponent() }
            ?? Bundle.main.bundleURL.deletingLastPathComponent()
    }

    /// The path of a built executable.
    static func path(_ name: String) -> String {
        directory.appendingPathComponent(name).path
    }

    /// Whether the executable exists (the full build made it).
    static func exists(_ name: String) -> Bool {
        FileManager.default.isExecutableFile(atPath: path(name))
    }

    /// Whether the built server has a demo mode (the full build, with the server's issue in).
    static var serverHasDemo: Bool {
        guard exists("claudepm"), exists("claudepm-server") else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path("claudepm-server"))
        process.arguments = ["--help"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        guard (try? process.run()) != nil else { return false }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        ChildWait.exitStatus(of: process)
        return String(decoding: data, as: UTF8.self).contains("--demo")
    }
}
