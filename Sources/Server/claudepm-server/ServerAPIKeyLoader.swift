// Loads the server's own API key (the one it accepts): env API_KEY (≥ 32 characters, as
// upstream) or a 0600 key file. Never from argv. The client's loader of the keys it sends is
// ClientNetwork's `ClientAPIKeyLoader`; docs/architecture.md says why they are two.
import Foundation

/// A startup error of claudepm-server (API key, log file), printed as its one sentence.
struct StartupFailure: Error, CustomStringConvertible {
    let description: String
}

/// Reads the key claudepm-server accepts from a key file or the environment.
enum ServerAPIKeyLoader {
    static func load(
        file: String?, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws
        -> String?
    {
        if let file { return try fromFile(file) }
        guard let key = environment["API_KEY"], !key.isEmpty else { return nil }
        guard key.count >= 32 else { throw StartupFailure(description: "API_KEY must be at least 32 characters") }
        return key
    }

    private static func fromFile(_ path: String) throws -> String {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue ?? 0
        guard mode & 0o077 == 0 else {
            throw StartupFailure(description: "\(path) must not be readable by group or others (chmod 600)")
        }
        let key = try String(contentsOfFile: path, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        guard key.count >= 32 else {
            throw StartupFailure(description: "the API key in \(path) must be at least 32 characters")
        }
        return key
    }
}
